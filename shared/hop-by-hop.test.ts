import { describe, expect, it } from 'vitest';
import { isHopByHop, isSetByConnection } from './hop-by-hop.js';

describe('hop-by-hop headers', () => {
  it('are the connection headers and every Proxy-* one, in any case', () => {
    for (const name of [
      'Connection',
      'KEEP-ALIVE',
      'transfer-encoding',
      'TE',
      'Trailer',
      'Upgrade',
      'Proxy-Authorization',
    ]) {
      expect(isHopByHop(name), name).toBe(true);
    }
    for (const name of ['Host', 'Content-Length', 'Content-Type', 'X-Hub-Signature-256', 'Tex']) {
      expect(isHopByHop(name), name).toBe(false);
    }
  });

  it('a new connection also sets its own Host and Content-Length', () => {
    expect(isSetByConnection('host')).toBe(true);
    expect(isSetByConnection('Content-Length')).toBe(true);
    expect(isSetByConnection('Connection')).toBe(true);
    expect(isSetByConnection('Content-Type')).toBe(false);
  });
});
