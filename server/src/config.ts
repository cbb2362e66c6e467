/** Every environment setting Hookbay reads, parsed and defaulted here and nowhere else. */
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';
import { StartupError } from './startup-error.js';

/**
 * How long and how much a client may take; docs/self-hosting.md, "Limits and timeouts", gives the reasons.
 * Fixed values rather than settings; tests shorten them.
 */
interface HttpLimits {
  /** All request headers must arrive within this (slow-header clients are cut here). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this: a 10 MiB capture on a slow link fits. */
  requestTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this; longer than a load balancer's 60 s. */
  keepAliveTimeoutMs: number;
  /** How often the two timeouts above are checked, so a cut comes at most this late. */
  timeoutCheckIntervalMs: number;
  /** Request line and headers together; larger: 431. */
  maxHeaderBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 300_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  timeoutCheckIntervalMs: 1_000,
  maxHeaderBytes: 32 * 1024,
};

/** PUBLIC_URL, parsed once: what webhook and short URLs are built on, and the host name they carry. */
export interface PublicOrigin {
  /** `https://hooks.example.com`, without a trailing slash. */
  origin: string;
  /** `hooks.example.com`: links to this server are recognised by it. */
  hostname: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** PUBLIC_URL; null: links are built on the origin each request came to. */
  publicOrigin: PublicOrigin | null;
  logLevel: LogLevel;
  trustProxy: boolean;
  captureMaxBytes: number;
  eventsPerSession: number;
  /** Bytes of captured requests (bodies and headers) one session keeps (SESSION_STORAGE_MB). */
  sessionStorageBytes: number;
  /** Bytes of captured requests every session together keeps (STORAGE_MAX_MB): the instance's budget. */
  storageMaxBytes: number;
  /** Captured requests older than this are removed (EVENT_MAX_AGE_DAYS); null: no age limit. */
  eventMaxAgeMs: number | null;
  clickIpRetentionDays: number;
  adminSecret: string | null;
  /** Lets server-side replay reach loopback, private and link-local addresses. */
  replayAllowPrivate: boolean;
  /** Server-side replays one session, and one IP address, may start per minute; 0 switches them off. */
  replayPerMinute: number;
  /** Hours between scheduled checks of every link's destination (LINK_CHECK_INTERVAL_HOURS); 0, the default: never. */
  linkCheckIntervalHours: number;
  /** Short links one session, or one IP address, may create per minute and per day. */
  linkCreatePerMinute: number;
  linkCreatePerDay: number;
  /** Destination hosts refused for short links, lower case; their subdomains are refused too. */
  blockedHosts: string[];
  /** New sessions one IP address may create per minute (resuming a session is not limited). */
  sessionsPerMinute: number;
  /** The API origin the web build was pointed at (VITE_API_BASE), allowed in the pages' connect-src. */
  apiOrigin: string | null;
  httpLimits: HttpLimits;
  forwardResponseTimeoutMs: number;
  /** How often an open event stream sends a keep-alive comment; not a setting (tests shorten it). */
  streamKeepAliveMs: number;
  /** How often click webhooks are sent and the waits between attempts; not a setting (tests shorten them). */
  linkWebhookDelivery: { intervalMs: number; retryDelaysMs: number[] };
  /** Folder of the built web app; null serves no pages (API-only tests). */
  webDir: string | null;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); null: no metrics are served. */
  metricsToken: string | null;
  /** Processes serving the port (WORKERS); 1: this process alone, more: a primary and that many workers. */
  workers: number;
}

/** The default WORKERS never passes this: past it the SQLite write lock, not the cores, sets the pace. */
export const WORKERS_DEFAULT_CAP = 8;

export type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new StartupError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/** Like positiveInt, but 0 is allowed too (it switches that limit off). */
function nonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < 0) {
    throw new StartupError(`${name} must be 0 or a positive whole number, got "${raw}"`);
  }
  return value;
}

const MiB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** EVENT_MAX_AGE_DAYS in milliseconds; 0 days means no age limit. */
function maxAgeMs(days: number): number | null {
  return days === 0 ? null : days * DAY_MS;
}

function port(env: Env): number {
  if (env.PORT === '0') return 0;
  const value = positiveInt(env, 'PORT', 3000);
  if (value > 65_535) throw new StartupError(`PORT must be at most 65535, got "${env.PORT ?? ''}"`);
  return value;
}

function optional(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function origin(env: Env, name: string): string | null {
  const raw = optional(env, name);
  if (!raw) return null;
  try {
    return new URL(raw).origin;
  } catch {
    throw new StartupError(`${name} must be an absolute URL such as https://api.example.com, got "${raw}"`);
  }
}

/**
 * An absolute http(s) URL naming an origin; a path, query or fragment is refused rather than
 * silently dropped, since links would not carry it. Throws a StartupError naming the setting.
 */
export function parsePublicOrigin(raw: string, name = 'PUBLIC_URL'): PublicOrigin {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const isOrigin =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    /^\/*$/.test(url.pathname) &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!url || !isOrigin) {
    throw new StartupError(
      `${name} must be an origin such as https://hooks.example.com (no path), got "${raw}"`,
    );
  }
  return { origin: url.origin, hostname: url.hostname };
}

function publicOrigin(env: Env): PublicOrigin | null {
  const raw = optional(env, 'PUBLIC_URL');
  return raw ? parsePublicOrigin(raw) : null;
}

function logLevel(env: Env): LogLevel {
  const raw = optional(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  const level = LOG_LEVELS.find((known) => known === raw);
  if (!level) throw new StartupError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

/**
 * A URL setting whose scheme says what it is for. The value is not repeated in the message: it
 * may hold a password.
 */
function serviceUrl(env: Env, name: string, schemes: readonly string[]): string | null {
  const raw = optional(env, name);
  if (!raw) return null;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : null;
  if (!protocol || !schemes.includes(protocol)) {
    const examples = schemes.map((scheme) => `${scheme}//…`).join(' or ');
    throw new StartupError(`${name} must be a ${examples} URL`);
  }
  return raw;
}

/** Long enough that guessing it over HTTP is hopeless. */
const METRICS_TOKEN_MIN_LENGTH = 16;

/** The value is not repeated in the message: it is a secret. */
function metricsToken(env: Env): string | null {
  const raw = optional(env, 'METRICS_TOKEN');
  if (raw && raw.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new StartupError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long, got ${raw.length}`,
    );
  }
  return raw;
}

function isTruthy(raw: string | undefined): boolean {
  return raw !== undefined && !['', '0', 'false', 'no', 'off'].includes(raw.trim().toLowerCase());
}

/** A comma-separated list of host names, lower-cased, without empty entries or a trailing dot. */
function hostList(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
    .filter((host) => host !== '');
}

/** Reads the configuration from the environment; throws with the setting's name when a value is malformed. */
export function loadConfig(env: Env = process.env): Config {
  return {
    port: port(env),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? './data'),
    databaseUrl: serviceUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: serviceUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    publicOrigin: publicOrigin(env),
    logLevel: logLevel(env),
    trustProxy: isTruthy(env.TRUST_PROXY),
    captureMaxBytes: positiveInt(env, 'CAPTURE_MAX_BYTES', 10 * 1024 * 1024),
    eventsPerSession: positiveInt(env, 'EVENTS_PER_SESSION', 10_000),
    sessionStorageBytes: positiveInt(env, 'SESSION_STORAGE_MB', 256) * MiB,
    storageMaxBytes: positiveInt(env, 'STORAGE_MAX_MB', 4096) * MiB,
    eventMaxAgeMs: maxAgeMs(nonNegativeInt(env, 'EVENT_MAX_AGE_DAYS', 30)),
    clickIpRetentionDays: positiveInt(env, 'CLICK_IP_RETENTION_DAYS', 30),
    adminSecret: optional(env, 'ADMIN_SECRET'),
    replayAllowPrivate: isTruthy(env.REPLAY_ALLOW_PRIVATE),
    replayPerMinute: nonNegativeInt(env, 'REPLAY_PER_MINUTE', 30),
    linkCheckIntervalHours: nonNegativeInt(env, 'LINK_CHECK_INTERVAL_HOURS', 0),
    linkCreatePerMinute: positiveInt(env, 'LINK_CREATE_PER_MINUTE', 30),
    linkCreatePerDay: positiveInt(env, 'LINK_CREATE_PER_DAY', 300),
    blockedHosts: hostList(env, 'BLOCKED_HOSTS'),
    sessionsPerMinute: positiveInt(env, 'SESSIONS_PER_MINUTE', 60),
    apiOrigin: origin(env, 'VITE_API_BASE'),
    httpLimits: DEFAULT_HTTP_LIMITS,
    forwardResponseTimeoutMs: positiveInt(env, 'FORWARD_RESPONSE_TIMEOUT_MS', 10_000),
    streamKeepAliveMs: 15_000,
    linkWebhookDelivery: { intervalMs: 1000, retryDelaysMs: [5_000, 30_000, 120_000, 600_000, 3_600_000] },
    // Beside the server's own files, wherever the package is installed; data stays in the working directory.
    webDir: path.join(PACKAGE_ROOT, 'dist/web'),
    metricsToken: metricsToken(env),
    workers: positiveInt(env, 'WORKERS', Math.min(os.availableParallelism(), WORKERS_DEFAULT_CAP)),
  };
}

/** The address a person opens: PUBLIC_URL, else this machine at the port it listens on. */
export function whereToOpen({ publicOrigin, host }: Config, port: number): string {
  if (publicOrigin) return publicOrigin.origin;
  const isEveryAddress = host === '0.0.0.0' || host === '::';
  const name = isEveryAddress ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
