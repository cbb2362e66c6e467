/** Small inline icons for the shortener's buttons (no icon package is installed). Decorative only. */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const ChartIcon = () => (
  <Icon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Icon>
);

export const PencilIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4" />
  </Icon>
);

export const LockIcon = () => (
  <Icon>
    <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const LimitIcon = () => (
  <Icon>
    <path d="M4 19h16M6 19V9M11 19V5M16 19v-6M20 5l-4 4" />
  </Icon>
);

/** A path that forks in two: an A/B split. */
export const SplitIcon = () => (
  <Icon>
    <path d="M4 12h6l6-6h4M10 12l6 6h4" />
  </Icon>
);
