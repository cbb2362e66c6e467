/**
 * npx tsx bench/search.ts: how long the event search takes in a session of 10,000 captured
 * requests (realistic JSON bodies of about 1 KB), on SQLite and, when TEST_DATABASE_URL is set,
 * on PostgreSQL (in a scratch schema that is dropped afterwards). Each search goes through the
 * HTTP API in-process; the median of several runs is reported. `benchSearch` is exported for
 * the main benchmark.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/connection.js';
import { toEventRow, type NewEventRow } from '../server/src/features/webhooks/event-insert.js';
import { createWebhooksRepo } from '../server/src/features/webhooks/webhooks.repo.js';

const SESSION_EVENTS = 10_000;
/** Another session's events in the same table, so the search has to keep to its own. */
const OTHER_EVENTS = 5_000;
const RUNS = 7;

/** A search in a session of 10,000 events should answer within this on both databases. */
export const SEARCH_BUDGET_MS = 100;

export interface SearchTiming {
  database: 'SQLite' | 'PostgreSQL';
  search: string;
  /** Events the search found (the page holds at most 100 of them). */
  matching: number;
  medianMs: number;
}

const SEARCHES: { name: string; route: '/api/events' | '/api/events/count'; query: string }[] = [
  { name: 'list, rare text (reads every event)', route: '/api/events', query: 'q=cus_rare' },
  { name: 'list, common text (first page)', route: '/api/events', query: 'q=invoice' },
  { name: 'list, text + method', route: '/api/events', query: 'q=Stripe&method=PUT' },
  { name: 'list, method only', route: '/api/events', query: 'method=DELETE' },
  { name: 'list, text in a header value', route: '/api/events', query: 'q=req_00042' },
  { name: 'list, no match', route: '/api/events', query: 'q=nothing%20like%20this' },
  { name: 'list, no match, non-ASCII text', route: '/api/events', query: 'q=Z%C3%9CRICH' },
  { name: 'count, rare text', route: '/api/events/count', query: 'q=cus_rare' },
  { name: 'count, common text', route: '/api/events/count', query: 'q=invoice' },
];

const METHODS = ['POST', 'POST', 'POST', 'PUT', 'GET', 'DELETE'];

/** A Stripe-like event of about 1 KB; one in a thousand names the customer "cus_rare". */
function eventRow(sessionId: string, index: number, createdAt: number): NewEventRow {
  const body = JSON.stringify({
    id: `evt_${index.toString(36).padStart(8, '0')}`,
    object: 'event',
    type: index % 3 === 0 ? 'invoice.paid' : 'customer.subscription.updated',
    created: Math.floor(createdAt / 1000),
    livemode: false,
    data: {
      object: {
        id: `in_${randomUUID().replaceAll('-', '')}`,
        customer: index % 1000 === 7 ? 'cus_rare' : `cus_${(index * 7919).toString(36)}`,
        amount_due: (index * 37) % 10_000,
        currency: 'eur',
        lines: [{ description: 'Pro plan × 1 (Monatlich)', amount: 4900, period: { start: 1, end: 2 } }],
        metadata: { order: `ord_${index}`, note: 'Ünïcödé text and some more words to fill the payload up' },
        status_transitions: { finalized_at: 1_700_000_000, paid_at: 1_700_000_100 },
        customer_email: `person${index}@example.com`,
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/test_${index}`,
      },
    },
    request: { id: `req_${index.toString().padStart(5, '0')}`, idempotency_key: randomUUID() },
  }).padEnd(1024, ' ');
  return toEventRow({
    sessionId,
    method: METHODS[index % METHODS.length] as string,
    path: index % 2 ? '/stripe' : '/',
    queryString: index % 5 ? '' : `attempt=${index % 3}`,
    rawHeaders: [
      ['Host', 'hooks.example.com'],
      ['User-Agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(body.length)],
      ['Stripe-Signature', `t=${createdAt},v1=${randomUUID().replaceAll('-', '')}`],
      ['X-Request-Id', `req_${index.toString().padStart(5, '0')}`],
      ['Accept', '*/*'],
    ],
    body: Buffer.from(body),
    size: Buffer.byteLength(body),
    truncated: false,
    contentType: 'application/json; charset=utf-8',
    ip: '203.0.113.7',
    userAgent: 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    createdAt,
    response: { status: 200, source: 'default' },
    verdicts: {},
  });
}

async function fill(databaseUrl: string | null, dataDir: string, sessionIds: string[]): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const repo = createWebhooksRepo(database.db);
    const start = Date.now() - SESSION_EVENTS * 1000;
    const counts = [SESSION_EVENTS, OTHER_EVENTS];
    for (const [which, sessionId] of sessionIds.entries()) {
      for (let offset = 0; offset < (counts[which] ?? 0); offset += 500) {
        const rows = Array.from({ length: 500 }, (_, index) =>
          eventRow(sessionId, offset + index, start + offset + index),
        );
        await repo.insertMany(rows);
      }
    }
    // Fresh statistics, as autovacuum keeps them on a live database; without them PostgreSQL
    // guesses the session holds two rows and plans accordingly.
    if (databaseUrl) await sql`analyze webhook_events`.execute(database.db);
  } finally {
    await database.close();
  }
}

async function matchingCount(app: FastifyInstance, query: string, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: `/api/events/count?${query}`, headers });
  return response.json<{ matching: number }>().matching;
}

/** The median time of RUNS answers to `url`, after one run that warms caches. */
async function medianMs(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const startedAt = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (run > 0) runs.push(performance.now() - startedAt);
  }
  runs.sort((a, b) => a - b);
  return Math.round((runs[Math.floor(runs.length / 2)] as number) * 10) / 10;
}

async function timeSearches(
  database: SearchTiming['database'],
  databaseUrl: string | null,
): Promise<SearchTiming[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-bench-search-'));
  const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, databaseUrl, webDir: null });
  try {
    const sessionIds: string[] = [];
    for (let index = 0; index < 2; index++) {
      const response = await app.inject({ method: 'POST', url: '/api/user', payload: {} });
      sessionIds.push(response.json<{ sessionId: string }>().sessionId);
    }
    await fill(databaseUrl, dataDir, sessionIds);
    const headers = { 'x-session-id': sessionIds[0] as string };
    const timings: SearchTiming[] = [];
    for (const search of SEARCHES) {
      const url = `${search.route}?${search.query}`;
      timings.push({
        database,
        search: search.name,
        matching: await matchingCount(app, search.query, headers),
        medianMs: await medianMs(app, url, headers),
      });
    }
    // One body that is not UTF-8 makes PostgreSQL search the session's bodies the slower, tolerant way.
    const binary = await app.inject({
      method: 'POST',
      url: `/webhook/${sessionIds[0]}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]),
    });
    if (binary.statusCode !== 200) throw new Error(`capture: ${binary.statusCode}`);
    for (const search of SEARCHES.filter((entry) => entry.query === 'q=cus_rare')) {
      timings.push({
        database,
        search: `${search.name}, one body not UTF-8`,
        matching: await matchingCount(app, search.query, headers),
        medianMs: await medianMs(app, `${search.route}?${search.query}`, headers),
      });
    }
    return timings;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PostgreSQL URL whose connections use a new schema; dropped by the returned function. */
async function scratchSchema(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}

export async function benchSearch(
  postgresUrl = process.env.TEST_DATABASE_URL ?? null,
): Promise<SearchTiming[]> {
  const timings = await timeSearches('SQLite', null);
  if (postgresUrl) {
    const scratch = await scratchSchema(postgresUrl);
    try {
      timings.push(...(await timeSearches('PostgreSQL', scratch.url)));
    } finally {
      await scratch.drop();
    }
  }
  return timings;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const timings = await benchSearch();
  console.log(
    `Search in a session of ${SESSION_EVENTS.toLocaleString('en')} events, median of ${RUNS} runs:`,
  );
  console.table(timings);
}
