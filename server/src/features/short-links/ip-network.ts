/** Cutting a click's IP address down to its network once the retention period is over. */
import { parseIp } from './asn.js';

/**
 * The network part of an address: IPv4 /24 ("203.0.113.0"), IPv6 /48 ("2001:db8:1::"). An
 * IPv4-mapped IPv6 address is treated as IPv4. Anything unparsable becomes null, since keeping it
 * whole would defeat the point.
 */
export function networkOf(ip: string | null): string | null {
  if (!ip) return null;
  const parsed = parseIp(ip);
  if (!parsed) return null;
  const [first = 0, second = 0] = parsed.words;
  if (parsed.family === 4) {
    return [first >>> 24, (first >>> 16) & 255, (first >>> 8) & 255, 0].join('.');
  }
  const hextets = [first >>> 16, first & 0xffff, second >>> 16].map((value) => value.toString(16));
  return `${hextets.join(':')}::`;
}
