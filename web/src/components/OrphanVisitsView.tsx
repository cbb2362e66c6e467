/**
 * Visits to short links that do not exist: counts by alias and the most recent visits (no IP
 * addresses). The Admin panel shows the instance's, the URL Shortener the session's.
 */
import { Table } from 'react-bootstrap';
import type { OrphanVisits } from '../../../shared/orphan-visits';

const texts = {
  byAlias: 'Visits by alias',
  recent: 'Recent visits',
  alias: 'Alias',
  visits: 'Visits',
  last: 'Last visit',
  when: 'When',
  referer: 'Came from',
  agent: 'Browser (user agent)',
  none: '—',
};

const when = (iso: string) => new Date(iso).toLocaleString();

export function OrphanVisitsView({ visits }: { visits: OrphanVisits }) {
  return (
    <div className="d-flex flex-column gap-3" data-testid="orphan-visits">
      <div>
        <h3 className="h6">{texts.byAlias}</h3>
        <Table responsive size="sm" className="mb-0" aria-label={texts.byAlias}>
          <thead>
            <tr>
              <th scope="col">{texts.alias}</th>
              <th scope="col" className="text-end">
                {texts.visits}
              </th>
              <th scope="col">{texts.last}</th>
            </tr>
          </thead>
          <tbody>
            {visits.byAlias.map((entry) => (
              <tr key={entry.alias} data-alias={entry.alias}>
                <td>
                  <code>/s/{entry.alias}</code>
                </td>
                <td className="text-end">{entry.visits.toLocaleString()}</td>
                <td>{when(entry.lastVisitAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <div>
        <h3 className="h6">{texts.recent}</h3>
        <Table responsive size="sm" className="mb-0" aria-label={texts.recent}>
          <thead>
            <tr>
              <th scope="col">{texts.when}</th>
              <th scope="col">{texts.alias}</th>
              <th scope="col">{texts.referer}</th>
              <th scope="col">{texts.agent}</th>
            </tr>
          </thead>
          <tbody>
            {visits.recent.map((visit, index) => (
              <tr key={`${visit.visitedAt}-${index}`}>
                <td className="text-nowrap">{when(visit.visitedAt)}</td>
                <td>
                  <code>/s/{visit.alias}</code>
                </td>
                <td className="text-break">{visit.referer ?? texts.none}</td>
                <td className="text-break small">{visit.userAgent ?? texts.none}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
