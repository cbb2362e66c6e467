/** A react-router link styled as a Bootstrap button. */
import type { ReactNode } from 'react';
import type { ButtonProps } from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';

interface LinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * Renders a plain router `Link` with Bootstrap's button classes. react-bootstrap 2.10's types reject
 * `<Button as={Link}>`, and at runtime it would also add role="button" to what is really a link.
 */
export function LinkButton({ to, children, variant = 'primary', size, className }: LinkButtonProps) {
  const classes = ['btn', `btn-${variant}`, size && `btn-${size}`, className].filter(Boolean).join(' ');
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
