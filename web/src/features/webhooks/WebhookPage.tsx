/**
 * The Webhook Inspector: a compact header (the session's capture URL, and Response, Forward and
 * Access opening in drawers), the live request list on the left and the selected request on the
 * right. On a phone the list and the details take turns: a tapped request opens its details, and
 * Back returns to the list. `accessPanel` (who may read the inspector) is composed in by the app,
 * as it belongs to another feature.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { isFiltering, type EventsFilter } from '../../../../shared/event-search';
import { usePageTitle } from '../../pages/usePageTitle';
import { SessionGate } from '../../session/SessionGate';
import { useSession } from '../../session/useSession';
import { CompareArea } from './compare/CompareArea';
import { DetailArea } from './components/DetailArea';
import { ContractsSlot, type ContractsSlotProps } from './header/ContractsSlot';
import { RequestList } from './components/RequestList';
import { BulkReplayControl } from './bulk-replay/BulkReplayControl';
import { ForwardControl } from './forward/ForwardControl';
import { InspectorHeader } from './header/InspectorHeader';
import { messages } from './messages';
import { RequestMarksProvider } from './RequestMarksProvider';
import { ResponsesControl } from './responses/ResponsesControl';
import { countLabel } from './search/event-filter';
import { SearchBar } from './search/SearchBar';
import { useEventCounts } from './search/useEventCounts';
import { useEventSearch } from './search/useEventSearch';
import { useListKeyboard } from './search/useListKeyboard';
import { useUnreadTitle } from './search/useUnreadTitle';
import { useRequestMarks } from './useRequestMarks';
import { useRequestNotifications } from './useRequestNotifications';
import { useWebhookEvents } from './useWebhookEvents';
import './webhooks.css';

/**
 * Which panel shows where the two do not fit side by side: the list, the details, or both while
 * there is nothing to list (the details then say how to send a first request). Two requests picked
 * for comparison show their comparison, which has its own way back.
 */
function InspectorLayout({
  shown,
  children,
}: {
  shown: 'is-list' | 'is-detail' | 'is-empty';
  children: ReactNode;
}) {
  const { picked } = useRequestMarks();
  const isComparing = picked.length === 2 && shown === 'is-list';
  return <div className={`webhook-inspector ${isComparing ? 'is-detail' : shown}`}>{children}</div>;
}

/** Opens the request a link names (`?event=<id>`, e.g. a report's evidence) once it is loaded. */
function useLinkedEvent(isLoaded: boolean, events: { id: number }[], open: (id: number) => void) {
  const [searchParams] = useSearchParams();
  const linkedId = Number(searchParams.get('event'));
  // Opened once per link, so the user can then select other requests.
  const openedId = useRef<number | null>(null);
  useEffect(() => {
    if (!isLoaded || !linkedId || openedId.current === linkedId) return;
    if (!events.some((event) => event.id === linkedId)) return;
    openedId.current = linkedId;
    open(linkedId);
  }, [isLoaded, events, linkedId, open]);
}

/** The search whose count the Contracts button shows. */
const CONTRACT_FAILING: EventsFilter = { q: 'contract:fail' };
const SIGNATURES_INVALID: EventsFilter = { q: 'sig:invalid' };

/** What the Signatures button is given. */
export interface SignaturesSlot {
  sessionId: string;
  isReadOnly: boolean;
  /** Stored requests whose signature is invalid, kept live; null until counted. */
  invalid: number | null;
}

/** Where the list and the details fit side by side (Bootstrap's lg and up, as in webhooks.css). */
const SIDE_BY_SIDE = '(min-width: 992px)';

interface WebhookPageProps {
  /** Shown in the header for the browser's own session (not for a Share link's). */
  accessPanel?: (sessionId: string) => ReactNode;
  /** The Contracts drawer button: its failing count, and the requests its Types panel may infer from. */
  contractsControl?: (slot: ContractsSlotProps) => ReactNode;
  /** The Signatures drawer button: the session's signing secrets and its live count of invalid requests. */
  signaturesControl?: (slot: SignaturesSlot) => ReactNode;
  /** The Relays drawer button, for the browser's own session. */
  relaysControl?: (sessionId: string) => ReactNode;
  /** A request's relay attempts, in its details. */
  relayAttempts?: (eventId: number) => ReactNode;
  /** "Test my sender", for the browser's own session. */
  senderTest?: () => ReactNode;
  /** The inspector's own settings (its name, …), also for the browser's own session only. */
  inspectorTools?: (sessionId: string) => ReactNode;
  /** "Share" (read-only links), given the selected request and the full-access link's Copy button. */
  shareControl?: (sessionId: string, selectedEventId: number | null, fullAccess: ReactNode) => ReactNode;
  /** The browser's inspectors, first in the header, for the browser's own session only. */
  inspectorSwitcher?: (sessionId: string) => ReactNode;
}

function WebhookInspector({
  sessionId,
  accessPanel,
  contractsControl,
  signaturesControl,
  relaysControl,
  relayAttempts,
  senderTest,
  inspectorTools,
  shareControl,
  inspectorSwitcher,
}: { sessionId: string } & WebhookPageProps) {
  const { isShared, isPrivate } = useSession();
  const search = useEventSearch();
  const isFiltered = isFiltering(search.filter);
  const counts = useEventCounts(search.filter);
  // The Contracts button's "3 failing" and the Signatures button's "2 ✗", kept live by the same
  // counting as the list's badge.
  const failing = useEventCounts(CONTRACT_FAILING);
  const invalidSignatures = useEventCounts(SIGNATURES_INVALID);
  const verdictCounts = [failing, invalidSignatures];
  const view = useWebhookEvents(search.filter, {
    onRemoved: (event) => {
      counts.noteRemoved(event, true);
      for (const count of verdictCounts) count.noteRemoved(event);
    },
    onRestored: (event) => {
      counts.noteRestored(event);
      for (const count of verdictCounts) count.noteRestored(event);
    },
    onCleared: () => {
      counts.recount();
      for (const count of verdictCounts) count.recount();
    },
  });
  // Where the list and the details do not fit side by side, which of the two is shown.
  const [isDetailShown, setIsDetailShown] = useState(false);
  useRequestNotifications();
  useUnreadTitle();
  useListKeyboard({
    events: view.events,
    selectedId: view.selected?.id ?? null,
    select: view.select,
    remove: view.remove,
    focusSearch: search.focus,
    clearSearch: search.clearText,
  });
  const { select } = view;
  const open = useCallback(
    (id: number) => {
      select(id);
      setIsDetailShown(true);
      // Where the details replace the list, they start at the top of the page.
      if (window.matchMedia?.(SIDE_BY_SIDE).matches === false) window.scrollTo({ top: 0 });
    },
    [select],
  );
  const back = useCallback(() => setIsDetailShown(false), []);
  useLinkedEvent(view.isLoaded, view.events, open);
  const isEmpty = view.isLoaded && view.events.length === 0;
  const shown = isEmpty ? 'is-empty' : isDetailShown ? 'is-detail' : 'is-list';
  const clearSearch = isFiltered ? search.clearAll : undefined;

  return (
    <RequestMarksProvider events={view.events}>
      <InspectorLayout shown={shown}>
        <InspectorHeader
          sessionId={sessionId}
          isShared={isShared}
          isPrivate={isPrivate}
          share={
            shareControl && ((fullAccess) => shareControl(sessionId, view.selected?.id ?? null, fullAccess))
          }
          switcher={isShared ? undefined : inspectorSwitcher?.(sessionId)}
          access={isShared ? undefined : accessPanel?.(sessionId)}
        >
          <ResponsesControl sessionId={sessionId} isReadOnly={isShared} />
          <ForwardControl sessionId={sessionId} isPrivate={isPrivate} />
          {signaturesControl?.({
            sessionId,
            isReadOnly: isShared,
            invalid: invalidSignatures.counts?.matching ?? null,
          })}
          {contractsControl && (
            <ContractsSlot
              render={contractsControl}
              sessionId={sessionId}
              filter={search.filter}
              isReadOnly={isShared}
              failing={failing.counts?.matching ?? null}
              selectedId={view.selected?.id ?? null}
            />
          )}
          {!isShared && (
            <BulkReplayControl
              filter={search.filter}
              matching={counts.counts?.matching ?? null}
              isFiltered={isFiltered}
            />
          )}
          {!isShared && relaysControl?.(sessionId)}
          {!isShared && senderTest?.()}
          {!isShared && inspectorTools?.(sessionId)}
        </InspectorHeader>
        <Row className="webhook-panels gx-3 gy-3 gy-lg-0">
          <Col lg={5} xxl={4} className="webhook-panel webhook-list-panel">
            <RequestList
              events={view.events}
              selectedId={view.selected?.id ?? null}
              isLoaded={view.isLoaded}
              hasOlder={view.hasOlder}
              isLoadingOlder={view.isLoadingOlder}
              olderFailed={view.olderFailed}
              onSelect={open}
              onDelete={view.remove}
              onLoadOlder={view.loadOlder}
              countLabel={countLabel(view.events.length, counts.counts, isFiltered)}
              onClearSearch={clearSearch}
              onClearAll={isShared ? undefined : view.clearAll}
              total={counts.counts?.total ?? null}
              toolbar={
                <SearchBar
                  text={search.text}
                  chips={search.chips}
                  filter={search.filter}
                  inputRef={search.inputRef}
                  hiddenNew={counts.hiddenNew}
                  onTextChange={search.setText}
                  onToggle={search.toggle}
                  onClear={search.clearText}
                />
              }
            />
          </Col>
          <Col lg={7} xxl={8} className="webhook-panel webhook-detail-panel">
            <CompareArea events={view.events}>
              <DetailArea
                view={view}
                sessionId={sessionId}
                onClearSearch={clearSearch}
                onBack={back}
                extra={isShared ? undefined : relayAttempts}
              />
            </CompareArea>
          </Col>
        </Row>
      </InspectorLayout>
    </RequestMarksProvider>
  );
}

export function WebhookPage(features: WebhookPageProps = {}) {
  usePageTitle(messages.pageTitle);
  // Keyed so another session starts from an empty list rather than mixing two sessions' requests.
  return (
    <Container fluid className="webhook-page py-2">
      <SessionGate>
        {(user) => <WebhookInspector key={user.sessionId} sessionId={user.sessionId} {...features} />}
      </SessionGate>
    </Container>
  );
}
