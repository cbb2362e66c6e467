/**
 * The capture-by-name scenario: the same 1 KB POSTs sent to `/webhook/{name}` of a named
 * inspector, so every capture first finds the session that holds the name (a lookup answered from
 * memory once the name has been read).
 */
import type { NewInspector } from '../shared/inspectors.js';
import { api } from './client.js';

export interface NamedSession {
  sessionId: string;
  name: string;
}

/** A new inspector holding `name`, made in one call as a CI job would. */
export async function namedSession(origin: string, name: string): Promise<NamedSession> {
  const inspector = await api<NewInspector>(origin, '/api/inspectors', undefined, { name });
  if (inspector.name !== name) throw new Error(`the bench inspector did not take the name ${name}`);
  return { sessionId: inspector.sessionId, name };
}
