/** Hex dump of binary bodies, laid out like `hexdump -C` so it reads familiar. */

/** Bytes of a binary body shown as hex; the rest is for the download. */
export const HEX_DUMP_MAX_BYTES = 4096;

const BYTES_PER_LINE = 16;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Formats up to `limit` bytes as lines of: 8-digit hex offset, 16 hex bytes in two groups of 8,
 * and the printable-ASCII column between bars (anything else shown as "."). Empty input gives "".
 */
export function hexDump(bytes: Uint8Array, limit = HEX_DUMP_MAX_BYTES): string {
  const end = Math.min(bytes.length, limit);
  const lines: string[] = [];
  for (let offset = 0; offset < end; offset += BYTES_PER_LINE) {
    let hex = '';
    let ascii = '';
    for (let i = 0; i < BYTES_PER_LINE; i++) {
      const byte = offset + i < end ? bytes[offset + i] : undefined;
      if (i === 8) hex += ' ';
      hex += byte === undefined ? '   ' : HEX[byte] + ' ';
      if (byte !== undefined) ascii += byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.';
    }
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`);
  }
  return lines.join('\n');
}
