/** "Relays" in the inspector's header: how many destinations are disabled, and a drawer. */
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
  // Only a disabled destination is marked on the button ("1 ⏸"): the header keeps its two rows,
  // and the tooltip says how many are on.
  const summary =
    isKnown && disabled ? (
      <ShortSummary mark={text.disabledMark(disabled)} words={text.disabled(disabled)} />
    ) : undefined;
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <RelaysPanel view={view} />}
    </DrawerButton>
  );
}
