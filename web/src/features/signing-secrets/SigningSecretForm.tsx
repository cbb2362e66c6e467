/** Adding or changing one signing secret: its scheme (and HMAC settings), the secret, where it applies. */
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import {
  DEFAULT_TOLERANCE_SECONDS,
  MAX_TOLERANCE_SECONDS,
  SECRET_MAX_LENGTH,
  type SigningSecret,
  type SigningSecretUpdate,
} from '../../../../shared/signing-secrets';
import { SCHEMES, TIMESTAMPED_SCHEMES, type Scheme } from '../../../../shared/signatures/schemes';
import { useFormSave } from '../../lib/useFormSave';
import { CustomHmacFields, NEW_CUSTOM_HMAC } from '../webhooks/verify/CustomHmacFields';
import { verifyMessages } from '../webhooks/verify/messages';
import { signingSecretMessages as text } from './messages';
import { FormFooter } from '../../components/FormFooter';

interface SigningSecretFormProps {
  /** The secret being changed; null to add one. */
  initial: SigningSecret | null;
  onSave: (input: SigningSecretUpdate) => Promise<void>;
  onCancel: () => void;
}

export function SigningSecretForm({ initial, onSave, onCancel }: SigningSecretFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [scheme, setScheme] = useState<Scheme>(initial?.scheme ?? 'github-sha256');
  const [custom, setCustom] = useState(initial?.custom ?? NEW_CUSTOM_HMAC);
  const [secret, setSecret] = useState('');
  const [path, setPath] = useState(initial?.path ?? '*');
  const [tolerance, setTolerance] = useState(initial?.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);
  const [refuseInvalid, setRefuseInvalid] = useState(initial?.refuseInvalid ?? false);
  const { problem, isSaving, save } = useFormSave(text.saveFailed);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    await save(() =>
      onSave({
        name,
        scheme,
        custom: scheme === 'custom' ? custom : null,
        path,
        toleranceSeconds: tolerance,
        refuseInvalid,
        ...(secret ? { secret } : {}),
      }),
    );
  }

  const secretHelp =
    scheme === 'standard-webhooks' ? verifyMessages.standardSecretHelp : initial ? null : text.secretHelp;
  return (
    <Form
      onSubmit={(event) => void handleSubmit(event)}
      className="border rounded p-2 mb-3"
      aria-label={initial ? `${text.edit} ${initial.name}` : text.add}
    >
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Group controlId="secret-name" className="flex-grow-1">
          <Form.Label className="small mb-0">{text.name}</Form.Label>
          <Form.Control size="sm" value={name} onChange={(event) => setName(event.target.value)} required />
        </Form.Group>
        <Form.Group controlId="secret-scheme" className="flex-grow-1">
          <Form.Label className="small mb-0">{verifyMessages.scheme}</Form.Label>
          <Form.Select size="sm" value={scheme} onChange={(event) => setScheme(event.target.value as Scheme)}>
            {SCHEMES.map((option) => (
              <option key={option} value={option}>
                {verifyMessages.schemes[option]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {scheme === 'custom' && <CustomHmacFields value={custom} onChange={setCustom} idPrefix="secret" />}
      <Form.Group className="mb-2" controlId="secret-value">
        <Form.Label className="small mb-0">{initial ? text.newSecret : text.secret}</Form.Label>
        <Form.Control
          size="sm"
          type="password"
          autoComplete="off"
          className="font-monospace"
          maxLength={SECRET_MAX_LENGTH}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          required={!initial}
        />
        <Form.Text>{initial ? text.newSecretHelp(initial.hint) : secretHelp}</Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Group controlId="secret-path" className="flex-grow-1">
          <Form.Label className="small mb-0">{text.path}</Form.Label>
          <Form.Control size="sm" value={path} onChange={(event) => setPath(event.target.value)} />
          <Form.Text>{text.pathHelp}</Form.Text>
        </Form.Group>
        {TIMESTAMPED_SCHEMES.includes(scheme) && (
          <Form.Group controlId="secret-tolerance" style={{ width: '10rem' }}>
            <Form.Label className="small mb-0">{text.tolerance}</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={1}
              max={MAX_TOLERANCE_SECONDS}
              value={tolerance}
              onChange={(event) => setTolerance(Number(event.target.value))}
            />
          </Form.Group>
        )}
      </div>
      {TIMESTAMPED_SCHEMES.includes(scheme) && (
        <Form.Text className="d-block mb-2">{text.toleranceHelp}</Form.Text>
      )}
      <Form.Check
        type="switch"
        id="secret-refuse-invalid"
        className="small mb-2"
        label={text.refuseInvalid}
        checked={refuseInvalid}
        onChange={(event) => setRefuseInvalid(event.target.checked)}
      />
      <FormFooter
        problem={problem}
        submitLabel={text.save}
        cancelLabel={text.cancel}
        isSubmitDisabled={isSaving}
        onCancel={onCancel}
      />
    </Form>
  );
}
