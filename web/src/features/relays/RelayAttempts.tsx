/** A request's relay attempts in its details: each destination's attempts, kept live. */
import { useEffect, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { RELAY_ATTEMPTED } from '../../../../shared/realtime';
import type { RelayAttempt } from '../../../../shared/relays';
import { DetailSection } from '../../components/DetailSection';
import { formatDateTime } from '../../lib/format';
import { useRealtimeEvent } from '../../session/useRealtimeEvent';
import { listAttempts } from './api';
import { relayMessages as text } from './messages';

const isSame = (a: RelayAttempt, b: RelayAttempt) => a.messageId === b.messageId && a.attempt === b.attempt;

/** `list` and the attempts of `more` it does not hold yet (one heard live may also be in the load). */
function withAttempts(list: RelayAttempt[], more: RelayAttempt[]): RelayAttempt[] {
  return [...list, ...more.filter((attempt) => !list.some((known) => isSame(known, attempt)))];
}

/** Keyed by `eventId` where it is used, so another request starts from nothing. */
export function RelayAttempts({ eventId }: { eventId: number }) {
  const [attempts, setAttempts] = useState<RelayAttempt[] | null>(null);

  useEffect(() => {
    let isCurrent = true;
    listAttempts(eventId)
      .then((loaded) => isCurrent && setAttempts((current) => withAttempts(loaded, current ?? [])))
      .catch(() => isCurrent && setAttempts([]));
    return () => {
      isCurrent = false;
    };
  }, [eventId]);

  useRealtimeEvent(RELAY_ATTEMPTED, (payload) => {
    if (payload.eventId !== eventId) return;
    setAttempts((current) => withAttempts(current ?? [], [payload.attempt]));
  });

  // Shown once a destination tried to take the request; most requests are never relayed.
  if (!attempts?.length) return null;
  const { attemptColumns: columns } = text;
  return (
    <DetailSection title={text.section} isFlush>
      {
        <Table size="sm" responsive className="mb-0 small" data-testid="relay-attempts">
          <thead>
            <tr>
              <th>{columns.attempt}</th>
              <th>{columns.status}</th>
              <th>{columns.time}</th>
              <th>{columns.error}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={`${attempt.messageId}-${attempt.attempt}`}>
                <td>{attempt.attempt}</td>
                <td>
                  {attempt.statusCode ?? text.noAnswer} · {text.states[attempt.state]}
                </td>
                <td>{formatDateTime(attempt.at)}</td>
                <td className="text-break">{attempt.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    </DetailSection>
  );
}
