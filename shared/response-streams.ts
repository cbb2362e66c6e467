/**
 * Streamed answers: a scripted response may send Server-Sent Events or a body in chunks, each
 * after its own pause, instead of one body. Bounded in total time and size. Pure: no Node and
 * no DOM APIs.
 */
import { z } from 'zod';

export const STREAM_KINDS = ['sse', 'chunks'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** The pauses of one stream together. */
export const MAX_STREAM_DURATION_MS = 60_000;
export const MAX_STREAM_PARTS = 500;
export const MAX_STREAM_PART_DELAY_MS = 30_000;

export interface SseEvent {
  data: string;
  event?: string;
  id?: string;
  /** Pause before this event, in ms. */
  delayMs: number;
}

export interface StreamChunk {
  body: string;
  /** Pause before this chunk, in ms. */
  delayMs: number;
}

export type ResponseStream = { kind: 'sse'; events: SseEvent[] } | { kind: 'chunks'; chunks: StreamChunk[] };

const partDelay = z
  .number({ error: `The delay must be a number of milliseconds from 0 to ${MAX_STREAM_PART_DELAY_MS}.` })
  .int('The delay must be a whole number of milliseconds.')
  .min(0, `The delay must be from 0 to ${MAX_STREAM_PART_DELAY_MS} ms.`)
  .max(MAX_STREAM_PART_DELAY_MS, `The delay must be from 0 to ${MAX_STREAM_PART_DELAY_MS} ms.`)
  .default(0);

const oneLine = (what: string) =>
  z
    .string({ error: `The ${what} must be text.` })
    .max(200, `The ${what} may be at most 200 characters.`)
    .refine((text) => !/[\r\n]/.test(text), `The ${what} must be one line.`)
    .optional();

const sseEventSchema = z.strictObject(
  {
    data: z.string({ error: 'data must be text.' }),
    event: oneLine('event name'),
    id: oneLine('id'),
    delayMs: partDelay,
  },
  { error: 'An event must be an object with data.' },
);

const chunkSchema = z.strictObject(
  { body: z.string({ error: 'body must be text.' }), delayMs: partDelay },
  { error: 'A chunk must be an object with a body.' },
);

const partsOf = <T extends z.ZodType>(schema: T, name: string) =>
  z
    .array(schema, { error: `${name} must be a list.` })
    .min(1, `A stream needs at least one of its ${name}.`)
    .max(MAX_STREAM_PARTS, `A stream may have at most ${MAX_STREAM_PARTS} ${name}.`);

export const responseStreamSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('sse'), events: partsOf(sseEventSchema, 'events') }),
    z.strictObject({ kind: z.literal('chunks'), chunks: partsOf(chunkSchema, 'chunks') }),
  ],
  { error: 'A stream is {"kind": "sse", "events": [...]} or {"kind": "chunks", "chunks": [...]}.' },
);

/** The texts of a stream that may hold templates, each with its place: `events[0].data`. */
export function streamTexts(stream: ResponseStream): [PropertyKey[], string][] {
  return stream.kind === 'sse'
    ? stream.events.map((event, index): [PropertyKey[], string] => [['events', index, 'data'], event.data])
    : stream.chunks.map((chunk, index): [PropertyKey[], string] => [['chunks', index, 'body'], chunk.body]);
}

/** How long the stream's pauses take together, in ms. */
export function streamDuration(stream: ResponseStream): number {
  const parts = stream.kind === 'sse' ? stream.events : stream.chunks;
  return parts.reduce((total, part) => total + part.delayMs, 0);
}

/** One event as Server-Sent Events writes it; each line of data is a `data:` line. */
export function sseEventText(event: Omit<SseEvent, 'delayMs'>): string {
  const lines = [];
  if (event.event !== undefined) lines.push(`event: ${event.event}`);
  if (event.id !== undefined) lines.push(`id: ${event.id}`);
  for (const line of event.data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}
