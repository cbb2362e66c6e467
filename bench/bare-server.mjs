// The baseline: a bare Node http server that reads the body and answers a small JSON, storing
// nothing. WORKERS > 1 forks that many of it on the same port, as Hookbay's workers do: the ceiling
// of what that many processes can serve on this machine.
import cluster from 'node:cluster';
import http from 'node:http';

const workers = Number(process.env.WORKERS ?? 1);
if (cluster.isPrimary && workers > 1) {
  for (let n = 0; n < workers; n++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
}
