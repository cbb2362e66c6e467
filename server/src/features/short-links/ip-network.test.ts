import { describe, expect, it } from 'vitest';
import { networkOf } from './ip-network.js';

describe('networkOf', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['8.8.8.8', '8.8.8.0'],
    ['255.255.255.255', '255.255.255.0'],
    ['::ffff:198.51.100.9', '198.51.100.0'],
    ['2001:db8:1234:5678::1', '2001:db8:1234::'],
    ['2001:4860:4860::8888', '2001:4860:4860::'],
    ['::1', '0:0:0::'],
  ])('keeps only the network of %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });

  it('is idempotent', () => {
    expect(networkOf(networkOf('203.0.113.77'))).toBe('203.0.113.0');
    expect(networkOf(networkOf('2001:db8:1234:5678::1'))).toBe('2001:db8:1234::');
  });

  it('drops what is not an address', () => {
    expect(networkOf(null)).toBeNull();
    expect(networkOf('not an ip')).toBeNull();
  });
});
