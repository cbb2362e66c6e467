/** Small markers of a link's options in the list: lock (password), clock (expiry), limit (click limit), split. */
import type { ReactNode } from 'react';
import type { ShortUrl } from '../../../../../shared/links';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';
import { messages as splitMessages } from '../splits/messages';
import { ClockIcon, LimitIcon, LockIcon, SplitIcon } from './Icons';

interface Marker {
  key: string;
  label: string;
  icon: ReactNode;
}

export function LinkMarkers({ url }: { url: ShortUrl }) {
  const markers: Marker[] = [];
  if (url.hasPassword) markers.push({ key: 'lock', label: messages.lockedMarker, icon: <LockIcon /> });
  if (url.expiresAt) {
    markers.push({
      key: 'clock',
      label: messages.expiryMarker(formatDateTime(url.expiresAt)),
      icon: <ClockIcon />,
    });
  }
  if (url.maxClicks !== null) {
    markers.push({ key: 'limit', label: messages.limitMarker(url.maxClicks), icon: <LimitIcon /> });
  }
  if (url.split) markers.push({ key: 'split', label: splitMessages.splitMarker, icon: <SplitIcon /> });
  if (markers.length === 0) return null;
  return (
    <span className="d-inline-flex flex-shrink-0 gap-1">
      {markers.map((marker) => (
        <span key={marker.key} title={marker.label} data-marker={marker.key}>
          {marker.icon}
          <span className="visually-hidden">{marker.label}</span>
        </span>
      ))}
    </span>
  );
}
