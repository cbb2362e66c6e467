// The baseline: a bare Node http server that reads the body and answers a small JSON, storing nothing.
import http from 'node:http';

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
