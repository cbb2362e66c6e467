/** Runs wrk (with bench/wrk.lua) and reads its report. */
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  method: 'GET' | 'POST';
  body?: string;
  userAgent: string;
  /** Further headers on every real request, such as a signature. */
  headers?: Record<string, string>;
  /** Exactly this many real requests, then fillers only (see bench/wrk.lua). */
  quota?: number;
}

export interface WrkResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Real requests answered 2xx/3xx. */
  acked: number;
  /** Answers that were neither an acknowledgement nor a filler, plus socket errors and timeouts. */
  errors: number;
}

const SCRIPT = path.join(import.meta.dirname, 'wrk.lua');

/** Exits with a readable message when wrk is not installed. */
export function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    console.error(
      'npm run bench needs wrk: install it with `apt-get install -y wrk` (or your package manager).',
    );
    process.exit(1);
  }
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

function percentileMs(output: string, label: string): number {
  const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  if (!match?.[1] || !match[2]) throw new Error(`wrk reported no ${label}th percentile:\n${output}`);
  return toMs(match[1], match[2]);
}

export function parseWrk(output: string): WrkResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output)?.[1];
  const counts = /^BENCH acked=(\d+) fillers=(\d+) other=(\d+)/m.exec(output);
  if (!rps || !counts) throw new Error(`unexpected wrk output:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Number(rps),
    p50Ms: percentileMs(output, '50'),
    p99Ms: percentileMs(output, '99'),
    acked: Number(counts[1]),
    errors: Number(counts[3]) + socketErrors,
  };
}

export function wrk(options: WrkOptions): Promise<WrkResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', SCRIPT];
  const env = {
    ...process.env,
    BENCH_METHOD: options.method,
    BENCH_UA: options.userAgent,
    BENCH_BODY: options.body ?? '',
    BENCH_QUOTA: String(options.quota ?? 0),
    BENCH_HEADERS: Object.entries(options.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  };
  return new Promise((resolve, reject) => {
    execFile('wrk', [...args, options.url], { env, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk failed: ${stderr || error.message}`));
      else resolve(parseWrk(stdout));
    });
  });
}
