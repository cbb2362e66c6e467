/** Adds a relay destination: its URL, how it is sent, and what it takes. */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { RELAY_MODES, RELAY_MODE_LABELS, type RelayCreate, type RelayMode } from '../../../../shared/relays';
import { ApiError } from '../../lib/http';
import { relayMessages as text } from './messages';

export function RelayForm({ onAdd }: { onAdd: (body: RelayCreate) => Promise<unknown> }) {
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<RelayMode>('sign');
  const [methods, setMethods] = useState('');
  const [path, setPath] = useState('');
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSaving(true);
    setError(null);
    try {
      await onAdd({
        url,
        mode,
        filter: {
          methods: methods.split(/[\s,]+/).filter(Boolean),
          path: path.trim() || null,
          q: q.trim() || null,
        },
      });
      setUrl('');
      setMethods('');
      setPath('');
      setQ('');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Form onSubmit={(event) => void handleSubmit(event)} aria-label={text.add}>
      <Form.Group className="mb-2" controlId="relay-url">
        <Form.Label>{text.url}</Form.Label>
        <Form.Control
          type="url"
          required
          value={url}
          placeholder="https://staging.example.com/webhooks"
          onChange={(event) => setUrl(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="relay-mode">
        <Form.Label>{text.mode}</Form.Label>
        <Form.Select value={mode} onChange={(event) => setMode(event.target.value as RelayMode)}>
          {RELAY_MODES.map((choice) => (
            <option key={choice} value={choice}>
              {RELAY_MODE_LABELS[choice]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="row g-2 mb-2">
        <Form.Group className="col-sm-4" controlId="relay-methods">
          <Form.Label>{text.methods}</Form.Label>
          <Form.Control value={methods} onChange={(event) => setMethods(event.target.value)} />
          <Form.Text>{text.methodsHelp}</Form.Text>
        </Form.Group>
        <Form.Group className="col-sm-4" controlId="relay-path">
          <Form.Label>{text.path}</Form.Label>
          <Form.Control value={path} onChange={(event) => setPath(event.target.value)} />
          <Form.Text>{text.pathHelp}</Form.Text>
        </Form.Group>
        <Form.Group className="col-sm-4" controlId="relay-q">
          <Form.Label>{text.search}</Form.Label>
          <Form.Control value={q} onChange={(event) => setQ(event.target.value)} />
          <Form.Text>{text.searchHelp}</Form.Text>
        </Form.Group>
      </div>
      {error && (
        <Alert variant="danger" className="small py-2" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" disabled={isSaving}>
        {text.add}
      </Button>
    </Form>
  );
}
