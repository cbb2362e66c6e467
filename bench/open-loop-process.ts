/**
 * The open loop (open-loop.ts) in a process of its own, started fresh for each run. By the time of
 * the second loop the bench's own process has read hundreds of thousands of events from the load
 * runs, and its collections then held the sender up for 45–60 ms at a time: time counted against
 * the server. A fresh process holds nothing but the loop's own session and listener.
 *
 * Run as a script, it is that process: `open-loop-process.ts <origin> [bare]` prints the result as
 * JSON; with `bare`, the origin is bare Node's and the loop times its answers only.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect, CONNECTIONS, newSession } from './client.js';
import { bareLoop, openLoop, type OpenLoopResult, type TimedLoop } from './open-loop.js';

const SCRIPT = fileURLToPath(import.meta.url);

/** The open loop on a new session of `origin` and a listener of its own, run in a new process. */
export function openLoopInOwnProcess(origin: string): Promise<OpenLoopResult> {
  return runScript<OpenLoopResult>([origin]);
}

/** The same loop against bare Node at `origin`, run in a new process. */
export function bareLoopInOwnProcess(origin: string): Promise<TimedLoop> {
  return runScript<TimedLoop>([origin, 'bare']);
}

function runScript<T>(args: string[]): Promise<T> {
  // The same loader flags as this process (tsx), so the script runs as written.
  const child = spawn(process.execPath, [...process.execArgv, SCRIPT, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as T);
      else reject(new Error(`the open loop's process exited with ${code}`));
    });
  });
}

async function main(origin: string, bare: boolean): Promise<void> {
  if (bare) {
    process.stdout.write(JSON.stringify(await bareLoop(origin, CONNECTIONS)));
    return;
  }
  const session = await newSession(origin);
  const listener = await connect(origin, session.sessionId);
  const result = await openLoop(origin, session.sessionId, listener, CONNECTIONS);
  listener.close();
  process.stdout.write(JSON.stringify(result));
}

if (process.argv[1] === SCRIPT) {
  const origin = process.argv[2];
  if (!origin) throw new Error('usage: open-loop-process.ts <origin> [bare]');
  await main(origin, process.argv[3] === 'bare');
}
