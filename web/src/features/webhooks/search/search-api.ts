import { filterParams, type EventsCount, type EventsFilter } from '../../../../../shared/event-search';
import { http } from '../../../lib/http';

export function countEvents(filter: EventsFilter): Promise<EventsCount> {
  const params = new URLSearchParams(filterParams(filter));
  return http.get<EventsCount>(`/api/events/count?${params.toString()}`);
}
