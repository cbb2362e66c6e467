/** The replay call: the server sends a stored request to a URL and answers with the target's answer. */
import { replayPath, type ReplayAnswer, type ReplayBody } from '../../../../../shared/replay';
import { http } from '../../../lib/http';

export function replayEvent(id: number, body: ReplayBody): Promise<ReplayAnswer> {
  return http.post<ReplayAnswer>(replayPath(id), body);
}
