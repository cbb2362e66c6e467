// temporary: profile one route under wrk
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { io } from 'socket.io-client';
import { wrk } from './wrk.js';
const route = process.argv[2];
const port = 3000 + 100 + Math.floor(Math.random() * 800);
const dir = fs.mkdtempSync('/tmp/prof/data-');
const child = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=/tmp/prof/${route}`, 'dist/server/main.js'],
  { env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir }, stdio: 'ignore' },
);
const origin = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    await fetch(origin + '/healthz');
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}
const u = (await (
  await fetch(`${origin}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
).json()) as { id: string; sessionId: string };
const s = io(origin, { auth: { sessionId: u.sessionId }, transports: ['websocket'] });
let n = 0;
s.on('webhook-request', () => n++);
s.on('url-click', () => n++);
await new Promise((r) => s.once('connect', () => r(null)));
s.emit('join-user-room', u.id, () => {});
const body = JSON.stringify({ note: 'x'.repeat(1000) });
let url = `${origin}/webhook/${u.sessionId}`;
if (route === 'redirect') {
  const link = (await (
    await fetch(`${origin}/api/urls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': u.sessionId },
      body: JSON.stringify({ url: 'https://example.com/x' }),
    })
  ).json()) as { id: string };
  url = `${origin}/s/${link.id}`;
}
const r = await wrk({
  url,
  seconds: 8,
  connections: 50,
  method: route === 'redirect' ? 'GET' : 'POST',
  body,
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});
console.log(route, r, 'events', n);
s.close();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
