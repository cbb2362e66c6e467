import { describe, expect, it } from 'vitest';
import { hexDump } from './hexdump';

describe('hexDump', () => {
  it('lays out offset, hex in two groups and ASCII', () => {
    const bytes = new TextEncoder().encode('Hello, world!\n\x00\x7fAB');
    expect(hexDump(bytes)).toBe(
      [
        '00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 7f  |Hello, world!...|',
        '00000010  41 42                                             |AB|',
      ].join('\n'),
    );
  });

  it('shows at most the limit and nothing for no bytes', () => {
    expect(hexDump(new Uint8Array(100), 32).split('\n')).toHaveLength(2);
    expect(hexDump(new Uint8Array(0))).toBe('');
  });
});
