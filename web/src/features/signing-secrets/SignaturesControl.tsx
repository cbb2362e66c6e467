/** "Signatures" in the inspector's header: how many signing secrets, how many invalid requests, and a drawer. */
import { DrawerButton } from '../../components/DrawerButton';
import { countSummary } from '../../components/ShortSummary';
import type { SignaturesSlot } from '../webhooks/WebhookPage';
import { signingSecretMessages as text } from './messages';
import { SigningSecretsPanel } from './SigningSecretsPanel';
import { useSigningSecrets } from './useSigningSecrets';

export function SignaturesControl({ sessionId, isReadOnly, invalid: invalidCount }: SignaturesSlot) {
  const view = useSigningSecrets(sessionId);
  const { summary, full } = countSummary(
    !view.isLoading && !view.loadFailed,
    { count: view.items.length, words: text.summary(view.items.length) },
    // Invalid requests, marked as the list's badge marks them ("2 ✗").
    invalidCount ? { mark: text.invalidMark(invalidCount), words: text.invalid(invalidCount) } : null,
  );
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <SigningSecretsPanel view={view} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
