import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { openDatabase, type Database } from '../../db/connection.js';
import { testConfig } from '../../../test/app.js';
import { createResponsesRepo, type ResponsesRepo } from './responses.repo.js';
import { createResponsesService } from './responses.service.js';

/** The real repo, counting the reads of a session's rules. */
function countingRepo(repo: ResponsesRepo) {
  const counts = { find: 0 };
  const counted: ResponsesRepo = {
    ...repo,
    find(sessionId) {
      counts.find++;
      return repo.find(sessionId);
    },
  };
  return { repo: counted, counts };
}

describe('the capture path’s reads of response rules', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: testConfig().dataDir });
  });
  afterAll(() => database.close());

  /** A session of its own for each test, so that no test sees another's rules or cache. */
  async function insertSession(): Promise<SessionUser> {
    const user = { id: `user-${randomUUID()}`, sessionId: randomUUID() };
    await database.db
      .insertInto('sessions')
      .values({ session_id: user.sessionId, user_id: user.id, referrer: null, created_at: 0 })
      .execute();
    return user;
  }

  it('a session without rules is read from the database once, then answered from memory', async () => {
    const user = await insertSession();
    const { repo, counts } = countingRepo(createResponsesRepo(database.db));
    const responses = createResponsesService({ repo });
    for (let index = 0; index < 5; index++) {
      expect(await responses.answerFor(user.sessionId, 'POST', '/')).toBeNull();
    }
    expect(counts.find).toBe(1);
  });

  it('a session is known to have no rules only once that was read, and no longer once it saves some', async () => {
    const user = await insertSession();
    const responses = createResponsesService({ repo: createResponsesRepo(database.db) });
    expect(responses.isKnownRuleless(user.sessionId)).toBe(false);
    await responses.answerFor(user.sessionId, 'POST', '/');
    expect(responses.isKnownRuleless(user.sessionId)).toBe(true);
    await responses.save(user, [
      {
        method: '*',
        path: '*',
        responses: [{ status: 500, headers: {}, body: '', delayMs: 0 }],
        then: 'cycle',
      },
    ]);
    expect(responses.isKnownRuleless(user.sessionId)).toBe(false);
  });

  it('rules saved by this process are used at once, without reading them back', async () => {
    const user = await insertSession();
    const { repo, counts } = countingRepo(createResponsesRepo(database.db));
    const responses = createResponsesService({ repo });
    expect(await responses.answerFor(user.sessionId, 'POST', '/')).toBeNull();
    await responses.save(user, [
      {
        method: '*',
        path: '*',
        responses: [{ status: 503, headers: {}, body: '', delayMs: 0 }],
        then: 'repeat-last',
      },
    ]);
    expect(await responses.answerFor(user.sessionId, 'POST', '/')).toEqual({
      ruleIndex: 0,
      // A response without templates is taken as written.
      response: { answer: { status: 503, headers: {}, body: '', delayMs: 0 }, templates: null },
    });
    expect(counts.find).toBe(1);
  });
});
