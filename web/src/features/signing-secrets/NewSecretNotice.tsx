/** The secret just added, shown this once with a copy button: the server never answers it again. */
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { NewSigningSecret } from '../../../../shared/signing-secrets';
import { CopyButton } from '../../components/CopyButton';
import { signingSecretMessages as text } from './messages';

interface NewSecretNoticeProps {
  added: NewSigningSecret;
  onDone: () => void;
}

export function NewSecretNotice({ added, onDone }: NewSecretNoticeProps) {
  return (
    <Alert variant="success" className="small" role="status">
      <p className="mb-2">{text.shownOnce(added.name)}</p>
      <code className="d-block text-break user-select-all mb-2" data-testid="new-secret">
        {added.secret}
      </code>
      <div className="d-flex gap-2">
        <CopyButton text={added.secret} label={text.copy} successMessage={text.copied} />
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          {text.done}
        </Button>
      </div>
    </Alert>
  );
}
