/** "Signatures" in the inspector's header: how many signing secrets, how many invalid requests, and a drawer. */
import { DrawerButton } from '../../components/DrawerButton';
import type { SignaturesSlot } from '../webhooks/WebhookPage';
import { signingSecretMessages as text } from './messages';
import { SigningSecretsPanel } from './SigningSecretsPanel';
import { useSigningSecrets } from './useSigningSecrets';

export function SignaturesControl({ sessionId, isReadOnly, invalid: invalidCount }: SignaturesSlot) {
  const view = useSigningSecrets(sessionId);
  const count = text.summary(view.items.length);
  const invalid = invalidCount ? text.invalid(invalidCount) : null;
  const isKnown = !view.isLoading && !view.loadFailed;
  const full = isKnown ? [count, ...(invalid ? [invalid] : [])].join(' · ') : '…';
  // The header's row has room for a few characters: the number of secrets, or of invalid requests
  // (marked as the list's badge marks them, "2 ✗") once there are some; the tooltip and screen
  // readers get the words.
  const short = (mark: string, words: string) => (
    <>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </>
  );
  const summary = !isKnown
    ? '…'
    : invalidCount
      ? short(text.invalidMark(invalidCount), text.invalid(invalidCount))
      : view.items.length
        ? short(String(view.items.length), count)
        : count;
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <SigningSecretsPanel view={view} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
