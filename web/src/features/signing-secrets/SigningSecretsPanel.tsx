/**
 * The Signatures drawer's content: the session's signing secrets in the order they are tried, with
 * add, edit and delete. A secret just added is shown once; afterwards only its last 4 characters.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { NewSigningSecret, SigningSecret } from '../../../../shared/signing-secrets';
import { TIMESTAMPED_SCHEMES } from '../../../../shared/signatures/schemes';
import { NamedItemList } from '../../components/NamedItemList';
import { messageOf } from '../../lib/http';
import { schemeLabel } from '../webhooks/verify/messages';
import { addSecret, deleteSecret, updateSecret } from './api';
import { signingSecretMessages as text } from './messages';
import { NewSecretNotice } from './NewSecretNotice';
import { SigningSecretForm } from './SigningSecretForm';
import type { SigningSecretsView } from './useSigningSecrets';

type Mode =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'edit'; secret: SigningSecret }
  | { kind: 'added'; secret: NewSigningSecret };

interface SigningSecretsPanelProps {
  view: SigningSecretsView;
  isReadOnly: boolean;
}

/** "Stripe · /stripe/* · …abcd · tolerance 300 s · refuses invalid (401)" */
function settingsOf(secret: SigningSecret): string {
  return [
    schemeLabel(secret.scheme),
    secret.path,
    text.hint(secret.hint),
    ...(TIMESTAMPED_SCHEMES.includes(secret.scheme) ? [text.toleranceShort(secret.toleranceSeconds)] : []),
    ...(secret.refuseInvalid ? [text.refusesShort] : []),
  ].join(' · ');
}

export function SigningSecretsPanel({ view, isReadOnly }: SigningSecretsPanelProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [problem, setProblem] = useState<string | null>(null);
  const show = (next: Mode) => {
    setMode(next);
    setProblem(null);
  };

  async function handleDelete(secret: SigningSecret) {
    try {
      await deleteSecret(secret.id);
      show({ kind: 'list' });
      view.reload();
    } catch (error) {
      setProblem(messageOf(error, text.deleteFailed));
    }
  }

  function renderEditor() {
    if (mode.kind === 'added') {
      return <NewSecretNotice added={mode.secret} onDone={() => show({ kind: 'list' })} />;
    }
    if (mode.kind === 'list') {
      return (
        <Button size="sm" className="mb-2" onClick={() => show({ kind: 'add' })} disabled={view.isLoading}>
          {text.add}
        </Button>
      );
    }
    const editing = mode.kind === 'edit' ? mode.secret : null;
    return (
      <SigningSecretForm
        key={editing?.id ?? 'new'}
        initial={editing}
        onSave={async (input) => {
          if (editing) {
            await updateSecret(editing.id, input);
            show({ kind: 'list' });
          } else {
            show({ kind: 'added', secret: await addSecret({ ...input, secret: input.secret ?? '' }) });
          }
          view.reload();
        }}
        onCancel={() => show({ kind: 'list' })}
      />
    );
  }

  return (
    <section aria-label={text.title}>
      <p className="small text-body-secondary">{text.intro}</p>
      {problem && (
        <Alert variant="danger" className="py-1 small" role="alert">
          {problem}
        </Alert>
      )}
      <NamedItemList
        view={view}
        text={text}
        describe={settingsOf}
        isReadOnly={isReadOnly}
        onEdit={(secret) => show({ kind: 'edit', secret })}
        onDelete={(item) => void handleDelete(item)}
      />
      {isReadOnly ? <p className="small text-body-secondary">{text.readOnlyNote}</p> : renderEditor()}
      <p className="small text-body-secondary">{text.limitsNote}</p>
    </section>
  );
}
