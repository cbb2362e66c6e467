import type { ReactNode } from 'react';
import { formatBytes } from './bytes';
import { HEX_DUMP_MAX_BYTES, hexDump } from './hexdump';
import { Mono } from './BodyPre';

export interface HexViewProps {
  bytes: Uint8Array;
  download: ReactNode;
}

/** Hex dump of the first bytes of a binary body, with the download for the rest. */
export function HexView({ bytes, download }: HexViewProps) {
  const more = bytes.length > HEX_DUMP_MAX_BYTES;
  return (
    <>
      <Mono>{hexDump(bytes, HEX_DUMP_MAX_BYTES)}</Mono>
      <p className="small text-body-secondary mt-2 mb-0">
        {more
          ? `Showing the first ${formatBytes(HEX_DUMP_MAX_BYTES)} of ${bytes.length.toLocaleString('en-US')} bytes. `
          : `Binary body, ${bytes.length.toLocaleString('en-US')} bytes. `}
        {download}
      </p>
    </>
  );
}
