/**
 * IP parsing and the IP → ASN organisation table.
 *
 * ASN data: CC BY 4.0 by RouteViews, DB-IP (https://db-ip.com) and NRO (https://www.nro.net),
 * redistributed by ip-location-db (@ip-location-db/asn).
 *
 * The CSVs are ~30 MB of text with ~500k rows, so they are parsed once into flat typed arrays and
 * binary-searched, keeping half a million row objects off the GC heap.
 */
import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * An address as 32-bit words, most significant first: one word for IPv4, four for IPv6.
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is reported as IPv4 so every lookup sees a single form.
 */
export interface ParsedIp {
  family: 4 | 6;
  words: number[];
  /** Canonical enough for the mmdb readers: dotted quad for IPv4 (including mapped), zone-free IPv6. */
  text: string;
}

/** Parses an IPv4/IPv6 literal; returns null instead of throwing for anything malformed. */
export function parseIp(input: string): ParsedIp | null {
  const raw = input.trim();
  if (isIPv4(raw)) return { family: 4, words: [ipv4ToNumber(raw)], text: raw };
  // Dual-stack sockets report IPv4 clients as ::ffff:a.b.c.d; spare them the general IPv6 path.
  if (raw.length > 7 && raw.slice(0, 7).toLowerCase() === '::ffff:') {
    const v4 = raw.slice(7);
    if (isIPv4(v4)) return { family: 4, words: [ipv4ToNumber(v4)], text: v4 };
  }
  if (!isIPv6(raw)) return null;
  // Zone ids (fe80::1%eth0) only name the local interface; they are not part of the address.
  const text = raw.split('%', 1)[0] ?? raw;
  const words = ipv6ToWords(text);
  if (!words) return null;
  if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) {
    const v4 = words[3] ?? 0;
    return {
      family: 4,
      words: [v4],
      text: [v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255].join('.'),
    };
  }
  return { family: 6, words, text };
}

/**
 * Expects a literal already validated by isIPv4. A char loop because split/map made this the
 * slowest step of a whole lookup.
 */
function ipv4ToNumber(ip: string): number {
  let n = 0;
  let octet = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46) {
      n = n * 256 + octet;
      octet = 0;
    } else {
      octet = octet * 10 + c - 48;
    }
  }
  // Multiplying rather than shifting keeps addresses ≥ 128.0.0.0 positive.
  return n * 256 + octet;
}

/** Expects a literal already validated by isIPv6, without zone id. */
function ipv6ToWords(ip: string): number[] | null {
  // Rewrite an embedded dotted quad (::ffff:1.2.3.4) as two hextets so the CSV parser handles it too.
  let hex = ip;
  if (ip.includes('.')) {
    const colon = ip.lastIndexOf(':');
    const v4 = ipv4ToNumber(ip.slice(colon + 1));
    hex = `${ip.slice(0, colon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const buf = Buffer.from(hex, 'latin1');
  const words = new Uint32Array(4);
  return ipv6TextField(buf, 0, buf.length, words, 0) ? Array.from(words) : null;
}

/**
 * Sorted, inclusive [start, end] ranges, `width` words per address. Rows are stored flat in typed
 * arrays (row i occupies words i*width .. i*width+width-1).
 */
export class AsnTable {
  constructor(
    private readonly width: number,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly orgIds: Uint32Array,
    private readonly orgs: readonly string[],
  ) {}

  get size(): number {
    return this.orgIds.length;
  }

  /** The AS organisation announcing `words`, or null when the address is in no range. */
  find(words: readonly number[]): string | null {
    // Last row whose start ≤ address. Ranges don't nest in the data (one v4 pair overlaps
    // partially, where the later row simply wins), so only that row can contain the address.
    let lo = 0;
    let hi = this.orgIds.length - 1;
    let hit = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.starts, mid, words) <= 0) {
        hit = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (hit < 0 || this.compare(this.ends, hit, words) < 0) return null;
    return this.orgs[this.orgIds[hit] ?? 0] || null;
  }

  private compare(column: Uint32Array, row: number, words: readonly number[]): number {
    const base = row * this.width;
    for (let i = 0; i < this.width; i++) {
      const diff = (column[base + i] ?? 0) - (words[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  }
}

/** Parses one address field of a CSV row from bytes [start, end) into out[at..]; false if malformed. */
export type FieldParser = (buf: Buffer, start: number, end: number, out: Uint32Array, at: number) => boolean;

/**
 * Loads an ip-location-db ASN CSV (`start,end,asn,"org"`) synchronously, working on raw bytes: decoding the file
 * as one string and slicing it per row was slower, and V8's sliced strings kept the whole ~20 MB
 * text alive behind the interned organisation names.
 */
export function loadAsnCsv(file: string, width: number, parseField: FieldParser): AsnTable {
  const buf = readFileSync(file);
  let rows = 1;
  for (let i = buf.indexOf(NL); i !== -1; i = buf.indexOf(NL, i + 1)) rows++;

  const starts = new Uint32Array(rows * width);
  const ends = new Uint32Array(rows * width);
  const orgIds = new Uint32Array(rows);
  // ~400k rows share ~75k names; interning keeps one string per organisation.
  const orgIndex = new Map<string, number>();
  const orgs: string[] = [];
  let n = 0;
  for (let pos = 0; pos < buf.length;) {
    let eol = buf.indexOf(NL, pos);
    if (eol === -1) eol = buf.length;
    const lineEnd = buf[eol - 1] === CR ? eol - 1 : eol;
    const lineStart = pos;
    pos = eol + 1;
    // Only the last field can be quoted or contain commas, so the first three commas split safely.
    const c1 = buf.indexOf(COMMA, lineStart);
    const c2 = c1 < 0 ? -1 : buf.indexOf(COMMA, c1 + 1);
    const c3 = c2 < 0 ? -1 : buf.indexOf(COMMA, c2 + 1);
    if (c3 < 0 || c3 >= lineEnd) continue;
    if (!parseField(buf, lineStart, c1, starts, n * width) || !parseField(buf, c1 + 1, c2, ends, n * width)) {
      continue;
    }
    const quoted = buf[c3 + 1] === QUOTE && buf[lineEnd - 1] === QUOTE && lineEnd - c3 > 2;
    let org = quoted ? buf.toString('utf8', c3 + 2, lineEnd - 1) : buf.toString('utf8', c3 + 1, lineEnd);
    if (quoted) org = org.replaceAll('""', '"');
    let id = orgIndex.get(org);
    if (id === undefined) {
      id = orgs.push(org) - 1;
      orgIndex.set(org, id);
    }
    orgIds[n++] = id;
  }
  return new AsnTable(width, starts.slice(0, n * width), ends.slice(0, n * width), orgIds.slice(0, n), orgs);
}

const NL = 10;
const CR = 13;
const COMMA = 44;
const QUOTE = 34;
const COLON = 58;

/** A decimal uint32, as in the `-num` IPv4 file (cheaper than parsing dotted quads). */
export const ipv4NumField: FieldParser = (buf, start, end, out, at) => {
  let v = 0;
  for (let i = start; i < end; i++) {
    const digit = (buf[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) return false;
    v = v * 10 + digit;
  }
  if (start === end || v > 0xffffffff) return false;
  out[at] = v;
  return true;
};

// Scratch space for ipv6TextField; every call runs synchronously to completion, so sharing is safe.
const hextets = new Uint16Array(8);

/**
 * A textual IPv6 address (no embedded IPv4: the CSV never uses it and parseIp rewrites it away) into
 * four words. The `-num` IPv6 file would instead need a BigInt per field.
 */
export const ipv6TextField: FieldParser = (buf, start, end, out, at) => {
  let count = 0;
  let gap = -1;
  let i = start;
  if (buf[i] === COLON && buf[i + 1] === COLON) {
    gap = 0;
    i += 2;
  }
  while (i < end) {
    let v = 0;
    let digits = 0;
    for (; i < end && buf[i] !== COLON; i++, digits++) {
      const d = hexValue(buf[i] ?? 0);
      if (d < 0 || digits === 4) return false;
      v = v * 16 + d;
    }
    if (digits === 0 || count === 8) return false;
    hextets[count++] = v;
    if (i < end) {
      i++;
      if (buf[i] === COLON) {
        if (gap !== -1) return false;
        gap = count;
        i++;
      } else if (i === end) {
        return false;
      }
    }
  }
  if (gap === -1 ? count !== 8 : count > 7) return false;
  if (gap !== -1) {
    // Slide the groups after "::" to the end and zero the hole it stands for.
    const zeros = 8 - count;
    hextets.copyWithin(gap + zeros, gap, count);
    hextets.fill(0, gap, gap + zeros);
  }
  for (let w = 0; w < 4; w++) out[at + w] = (hextets[2 * w] ?? 0) * 0x10000 + (hextets[2 * w + 1] ?? 0);
  return true;
};

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}
