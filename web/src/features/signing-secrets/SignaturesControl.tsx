/** "Signatures" in the inspector's header: how many signing secrets, how many invalid requests, and a drawer. */
import { DrawerButton } from '../../components/DrawerButton';
import { ShortSummary } from '../../components/ShortSummary';
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
  // The number of secrets, or of invalid requests (marked as the list's badge marks them, "2 ✗")
  // once there are some.
  const summary = !isKnown ? (
    '…'
  ) : invalidCount ? (
    <ShortSummary mark={text.invalidMark(invalidCount)} words={text.invalid(invalidCount)} />
  ) : (
    // None yet: the label alone on screen, to keep the header at two rows; "none" for screen readers.
    <ShortSummary mark={view.items.length ? String(view.items.length) : ''} words={count} />
  );
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <SigningSecretsPanel view={view} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
