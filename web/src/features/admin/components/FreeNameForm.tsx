/** The Sessions tab's "Free a name": takes an inspector name back, e.g. after an abuse report. */
import { useState, type FormEvent } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { shortUserId } from '../../../../../shared/sessions';
import { notify } from '../../../components/toasts';
import { messageOf } from '../../../lib/http';
import { freeInspectorName } from '../api';
import { messages } from '../messages';

export function FreeNameForm() {
  const [name, setName] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) return;
    setIsBusy(true);
    try {
      const { sessionId } = await freeInspectorName(wanted);
      notify.success(messages.nameFreed(wanted, shortUserId(sessionId)));
      setName('');
    } catch (error) {
      notify.error(messageOf(error, messages.freeNameFailed));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section aria-label={messages.freeNameTitle}>
      <h3 className="h6">{messages.freeNameTitle}</h3>
      <Form onSubmit={(event) => void handleSubmit(event)} className="free-name-form">
        <Form.Label htmlFor="free-name" className="visually-hidden">
          {messages.freeNameField}
        </Form.Label>
        <InputGroup size="sm" style={{ maxWidth: '28rem' }}>
          <Form.Control
            id="free-name"
            value={name}
            placeholder={messages.freeNameField}
            autoComplete="off"
            aria-describedby="free-name-help"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" variant="outline-danger" disabled={isBusy || !name.trim()}>
            {messages.freeName}
          </Button>
        </InputGroup>
        <Form.Text id="free-name-help">{messages.freeNameHelp}</Form.Text>
      </Form>
    </section>
  );
}
