/** Small inline line icons for the marketing pages (no icon package is installed). */
import type { ReactNode } from 'react';

export type IconName =
  | 'shield'
  | 'pulse'
  | 'infinity'
  | 'hook'
  | 'link'
  | 'clock'
  | 'shuffle'
  | 'check'
  | 'bell'
  | 'reply'
  | 'laptop'
  | 'replay'
  | 'search'
  | 'key'
  | 'terminal';

const ICON_PATHS: Record<IconName, ReactNode> = {
  shield: (
    <>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  pulse: <path d="M3 12h4l2-6 4 12 2-6h6" />,
  infinity: (
    <path d="M12 12c-2-2.7-3.6-4-5.5-4a4 4 0 000 8c1.9 0 3.5-1.3 5.5-4zm0 0c2 2.7 3.6 4 5.5 4a4 4 0 000-8c-1.9 0-3.5 1.3-5.5 4z" />
  ),
  hook: (
    <>
      <circle cx="12" cy="5" r="2" />
      <path d="M12 7v8a4 4 0 01-8 0v-2l2 2" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  shuffle: (
    <>
      <path d="M4 7h10l-3-3M20 17H10l3 3" />
      <path d="M14 7h2a4 4 0 014 4M10 17H8a4 4 0 01-4-4" />
    </>
  ),
  check: <path d="M5 12l5 5 9-10" />,
  reply: (
    <>
      <path d="M9 7L4 12l5 5" />
      <path d="M4 12h10a6 6 0 016 6v1" />
    </>
  ),
  laptop: (
    <>
      <rect x="4" y="5" width="16" height="11" rx="1.5" />
      <path d="M2 19h20" />
    </>
  ),
  replay: (
    <>
      <path d="M4 12a8 8 0 108-8 8.2 8.2 0 00-6 2.7L4 9" />
      <path d="M4 4v5h5" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="M20 20l-4.5-4.5" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M17 6l3 3M14 9l2 2" />
    </>
  ),
  terminal: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 9l3 3-3 3M13 15h4" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16V11a6 6 0 0112 0v5l2 2H4l2-2z" />
      <path d="M10 20a2 2 0 004 0" />
    </>
  ),
};

interface PageIconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/** A decorative stroke icon that follows the current text colour. */
export function PageIcon({ name, size = 24, className }: PageIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {ICON_PATHS[name]}
    </svg>
  );
}

/** An icon inside a soft, theme-aware rounded tile. */
export function IconTile({ name, tone = 'primary' }: { name: IconName; tone?: string }) {
  return (
    <span className={`hb-icon-tile bg-${tone}-subtle text-${tone}-emphasis`}>
      <PageIcon name={name} size={26} />
    </span>
  );
}
