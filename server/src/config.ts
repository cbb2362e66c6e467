/** Every environment setting Hookbay reads, parsed and defaulted here and nowhere else. */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  publicUrl: string | null;
  logLevel: string;
  trustProxy: boolean;
  captureMaxBytes: number;
  eventsPerSession: number;
  clickIpRetentionDays: number;
  adminSecret: string | null;
  forwardResponseTimeoutMs: number;
  /** How often an open event stream sends a keep-alive comment; not a setting (tests shorten it). */
  streamKeepAliveMs: number;
  /** Folder of the built web app; null serves no pages (API-only tests). */
  webDir: string | null;
}

export type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

function optional(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function isTruthy(raw: string | undefined): boolean {
  return raw !== undefined && !['', '0', 'false', 'no', 'off'].includes(raw.trim().toLowerCase());
}

/** Reads the configuration from the environment; throws with the setting's name when a value is malformed. */
export function loadConfig(env: Env = process.env): Config {
  const publicUrl = optional(env, 'PUBLIC_URL');
  return {
    port: env.PORT === '0' ? 0 : positiveInt(env, 'PORT', 3000),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? './data'),
    databaseUrl: optional(env, 'DATABASE_URL'),
    redisUrl: optional(env, 'REDIS_URL'),
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: isTruthy(env.TRUST_PROXY),
    captureMaxBytes: positiveInt(env, 'CAPTURE_MAX_BYTES', 10 * 1024 * 1024),
    eventsPerSession: positiveInt(env, 'EVENTS_PER_SESSION', 10_000),
    clickIpRetentionDays: positiveInt(env, 'CLICK_IP_RETENTION_DAYS', 30),
    adminSecret: optional(env, 'ADMIN_SECRET'),
    forwardResponseTimeoutMs: positiveInt(env, 'FORWARD_RESPONSE_TIMEOUT_MS', 10_000),
    streamKeepAliveMs: 15_000,
    webDir: path.resolve('dist/web'),
  };
}
