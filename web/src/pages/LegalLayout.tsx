/** Shared reading layout for the About, Terms and Privacy pages: the page frame, a readable measure. */
import type { ReactNode } from 'react';
import { PageContainer } from '../components/PageContainer';
import './pages.css';

interface LegalLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function LegalLayout({ title, intro, children }: LegalLayoutProps) {
  return (
    <PageContainer>
      <article className="hb-legal">
        <h1 className="fw-bold mb-3">{title}</h1>
        {intro && <p className="lead text-body-secondary">{intro}</p>}
        {children}
      </article>
    </PageContainer>
  );
}
