/**
 * The limits on creating short links: per session and per IP address, per minute and per day.
 * They count creations, not links, so deleting a link gives nothing back.
 */
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../http/client-ip.js';
import type { Limit, Limiter } from '../../http/rate-limit/limiter.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const SUBJECTS: { by: string; subjectOf: (request: FastifyRequest) => string | null }[] = [
  { by: 'session', subjectOf: (request) => request.user?.sessionId ?? null },
  { by: 'ip', subjectOf: clientIp },
];

/** The create limits, the minute's before the day's, so that a burst hears about the minute first. */
export function defineCreateLimits(limiter: Limiter, limits: { perMinute: number; perDay: number }): Limit[] {
  const windows = [
    {
      name: 'link-creations-per-minute',
      max: limits.perMinute,
      windowMs: MINUTE_MS,
      message: `You have created ${limits.perMinute} links in the last minute. Please wait a moment before creating more.`,
    },
    {
      name: 'link-creations-per-day',
      max: limits.perDay,
      windowMs: DAY_MS,
      message: `You have created ${limits.perDay} links in the last 24 hours, the most allowed. Please try again later.`,
    },
  ];
  return windows.flatMap((window) =>
    SUBJECTS.map(({ by, subjectOf }) =>
      limiter.define({ ...window, name: `${window.name}-${by}`, subjectOf }),
    ),
  );
}
