/** A badge filled with a Bootstrap colour, its text dark or light as that colour needs to stay readable. */
import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';

/** Light fills: white text on them reads at 1.6-2:1, dark text at 8:1 and more. */
const DARK_TEXT_COLOURS = new Set(['warning', 'info', 'light']);

interface SolidBadgeProps {
  /** A Bootstrap theme colour: primary, success, warning, info, danger, secondary… */
  colour: string;
  className?: string;
  title?: string;
  children: ReactNode;
}

export function SolidBadge({ colour, className, title, children }: SolidBadgeProps) {
  return (
    <Badge
      bg={colour}
      text={DARK_TEXT_COLOURS.has(colour) ? 'dark' : undefined}
      className={className}
      title={title}
    >
      {children}
    </Badge>
  );
}
