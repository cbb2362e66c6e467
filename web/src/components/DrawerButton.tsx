/**
 * A compact button that says how something stands ("Response: POST /github/* → 500") and opens
 * its settings in a drawer over the page, so the page under it keeps its place and its size.
 */
import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import './drawer-button.css';

interface DrawerButtonProps {
  /** The button's first word, and the drawer's title unless `drawerTitle` says otherwise. */
  label: string;
  drawerTitle?: string;
  /** A tooltip saying more than the button. */
  title?: string;
  /** How it stands now, after the label; cut with an ellipsis when the header is narrow. */
  summary?: ReactNode;
  /** Shown before the label, e.g. a status dot. */
  icon?: ReactNode;
  /** The drawer's content; rendered only while it is open. */
  children: (close: () => void) => ReactNode;
  /** The drawer's width on wide screens. */
  width?: 'normal' | 'wide';
  /** Told when the drawer opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * True for the toggle of a dropdown menu that is closed. react-bootstrap's Dropdown takes every
 * Escape pressed on its toggle as its own, even with the menu closed (as it is after a preset is
 * picked and focus comes back to it), and the drawer would then stay open.
 */
function isClosedMenuToggle(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.classList.contains('dropdown-toggle') &&
    target.getAttribute('aria-expanded') !== 'true'
  );
}

export function DrawerButton({
  label,
  drawerTitle = label,
  title,
  summary,
  icon,
  children,
  width = 'normal',
  onOpenChange,
}: DrawerButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const change = (next: boolean) => {
    setIsOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        className="drawer-button d-inline-flex align-items-center gap-1 text-start"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        title={title}
        onClick={() => change(true)}
      >
        {icon}
        <span className="fw-semibold flex-shrink-0">
          {label}
          {/* Read as "Response: default 200"; on screen the gap separates them. */}
          {summary !== undefined && <span className="visually-hidden">:</span>}
        </span>
        {summary !== undefined && <span className="drawer-button-summary text-truncate">{summary}</span>}
      </Button>
      <Offcanvas
        show={isOpen}
        onHide={() => change(false)}
        onEscapeKeyDown={(event: KeyboardEvent) => {
          if (event.defaultPrevented && isClosedMenuToggle(event.target)) change(false);
        }}
        placement="end"
        className={`drawer-${width}`}
        aria-labelledby={titleId}
      >
        <Offcanvas.Header closeButton>
          <Offcanvas.Title id={titleId} as="h2" className="fs-5">
            {drawerTitle}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>{children(() => change(false))}</Offcanvas.Body>
      </Offcanvas>
    </>
  );
}
