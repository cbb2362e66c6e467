/** "Relays" in the inspector's header: how many destinations are on or disabled, and a drawer. */
import { DrawerButton } from '../../components/DrawerButton';
import { ShortSummary } from '../../components/ShortSummary';
import { relayMessages as text } from './messages';
import { RelaysPanel } from './RelaysPanel';
import { useRelays } from './useRelays';

export function RelaysControl({ sessionId }: { sessionId: string }) {
  const view = useRelays(sessionId);
  const disabled = view.items.filter((relay) => relay.status === 'disabled').length;
  const active = view.items.length - disabled;
  const isKnown = !view.isLoading && !view.loadFailed;
  const full = isKnown
    ? [text.summary(active), ...(disabled ? [text.disabled(disabled)] : [])].join(' · ')
    : '…';
  const summary = !isKnown ? (
    '…'
  ) : disabled ? (
    <ShortSummary mark={text.disabledMark(disabled)} words={text.disabled(disabled)} />
  ) : active ? (
    <ShortSummary mark={String(active)} words={text.summary(active)} />
  ) : (
    text.summary(0)
  );
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <RelaysPanel view={view} />}
    </DrawerButton>
  );
}
