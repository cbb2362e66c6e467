/**
 * The frame of every page but the Webhook Inspector (a full-width workspace): one width, that of
 * the footer, and the same space above and below, so titles and edges line up from page to page.
 * Text meant for reading keeps a narrower measure inside it, from the same left edge.
 */
import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';

export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <Container className={['py-4', className].filter(Boolean).join(' ')}>{children}</Container>;
}
