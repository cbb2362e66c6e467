/** Shared narrow reading layout for the About, Terms and Privacy pages. */
import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import './pages.css';

interface LegalLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function LegalLayout({ title, intro, children }: LegalLayoutProps) {
  return (
    <Container className="py-5">
      <article className="hb-legal mx-auto">
        <h1 className="fw-bold mb-3">{title}</h1>
        {intro && <p className="lead text-body-secondary">{intro}</p>}
        {children}
      </article>
    </Container>
  );
}
