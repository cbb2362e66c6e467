import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOutageLog } from './outage-log.js';

function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
    },
  });
  return { log: app.log, lines };
}

const messages = { down: 'thing is down', up: 'thing is back' };

describe('outage log', () => {
  it('logs an outage once however often it is reported, and its end once', () => {
    const { log, lines } = recordingLogger();
    let recoveries = 0;
    const outage = createOutageLog(log, messages, () => recoveries++);
    for (let attempt = 0; attempt < 5; attempt++) outage.down('connection', new Error('ECONNREFUSED'));
    expect(outage.isDown()).toBe(true);
    outage.up('connection');
    outage.up('connection');
    expect(lines.map((line) => line.msg)).toEqual(['thing is down', 'thing is back']);
    expect(lines.map((line) => line.level)).toEqual([40, 30]);
    expect(recoveries).toBe(1);
    expect(outage.isDown()).toBe(false);
  });

  it('is down while any part is down, and back only when every part is', () => {
    const { log, lines } = recordingLogger();
    const outage = createOutageLog(log, messages);
    outage.down('publisher', new Error('closed'));
    outage.down('subscriber', new Error('closed'));
    outage.up('publisher');
    outage.down('publisher', new Error('closed again'));
    outage.up('subscriber');
    expect(outage.isDown()).toBe(true);
    outage.up('publisher');
    expect(lines.map((line) => line.msg)).toEqual(['thing is down', 'thing is back']);
  });

  it('says nothing when a part that never failed reports being up', () => {
    const { log, lines } = recordingLogger();
    createOutageLog(log, messages).up('connection');
    expect(lines).toEqual([]);
  });
});
