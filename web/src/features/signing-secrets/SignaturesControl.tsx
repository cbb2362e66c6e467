/** "Signatures" in the inspector's header: how many signing secrets, how many invalid requests, and a drawer. */
import { DrawerButton } from '../../components/DrawerButton';
import { signingSecretMessages as text } from './messages';
import { SigningSecretsPanel } from './SigningSecretsPanel';
import { useSigningSecrets } from './useSigningSecrets';

interface SignaturesControlProps {
  sessionId: string;
  isReadOnly?: boolean;
}

export function SignaturesControl({ sessionId, isReadOnly = false }: SignaturesControlProps) {
  const view = useSigningSecrets(sessionId);
  const count = text.summary(view.secrets.length);
  const invalid = view.invalid ? ` · ${text.invalid(view.invalid)}` : '';
  const summary = view.isLoading || view.loadFailed ? '…' : `${count}${invalid}`;
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(summary)} width="wide">
      {() => <SigningSecretsPanel view={view} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
