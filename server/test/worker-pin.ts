/**
 * One worker of a WORKERS > 1 server, reached as if it were an instance of its own: a local TCP
 * relay whose every connection is carried by one chosen worker. The server's primary hands each new
 * connection to the workers in turn, so the relay opens connections to the server until one lands
 * on the chosen worker (which process holds it is read from `ss`), and pipes the client to that one.
 * The server is not changed in any way for this: tests of several instances run unchanged against
 * its workers.
 */
import { execFile, execFileSync } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { SERVER_MAIN, waitFor } from './processes.js';

const run = promisify(execFile);
/** With two workers a connection lands on the chosen one every other try; far more means trouble. */
const MAX_TRIES = 40;

/** The workers of a primary: its children running the server (not, say, tsx's esbuild helper). */
export function workerPids(primary: number): number[] {
  const out = execFileSync('ps', ['--ppid', String(primary), '-o', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(SERVER_MAIN))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0);
}

/** The worker holding the server's end of the connection from `localPort`, once the primary handed it over. */
async function holderOf(serverPort: number, localPort: number, workers: number[]): Promise<number> {
  return waitFor(`the worker holding the connection from port ${localPort}`, async () => {
    const { stdout } = await run('ss', [
      '-tnpH',
      'state',
      'established',
      `( sport = :${serverPort} and dport = :${localPort} )`,
    ]);
    const pids = [...stdout.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
    return pids.find((pid) => workers.includes(pid)) ?? false;
  });
}

/** A connection to the server carried by `worker`. */
async function connectTo(serverPort: number, worker: number, workers: number[]): Promise<net.Socket> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const upstream = net.connect(serverPort, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      upstream.once('connect', resolve);
      upstream.once('error', reject);
    });
    if ((await holderOf(serverPort, upstream.localPort ?? 0, workers)) === worker) return upstream;
    upstream.destroy();
  }
  throw new Error(`no connection reached worker ${worker} in ${MAX_TRIES} tries`);
}

export interface PinnedWorker {
  /** Where to send requests and sockets meant for this worker. */
  origin: string;
  close(): void;
}

/** A relay to the server on `serverPort` whose connections are all carried by `worker`. */
export function pinToWorker(serverPort: number, worker: number, workers: number[]): Promise<PinnedWorker> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    // Nothing is read from the client until its upstream is chosen, so nothing is lost meanwhile.
    client.pause();
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    connectTo(serverPort, worker, workers).then(
      (upstream) => {
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      },
      () => client.destroy(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      resolve({
        origin: `http://127.0.0.1:${address.port}`,
        close() {
          server.close();
          for (const socket of sockets) socket.destroy();
        },
      });
    });
  });
}
