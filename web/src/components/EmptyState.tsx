import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  text?: string;
  icon?: ReactNode;
  children?: ReactNode;
}

export function EmptyState({ title, text, icon, children }: EmptyStateProps) {
  return (
    <div className="text-center text-body-secondary py-5 px-3">
      {icon && (
        <div className="fs-1 mb-2" aria-hidden="true">
          {icon}
        </div>
      )}
      <h5 className="text-body">{title}</h5>
      {text && <p className="mb-0">{text}</p>}
      {children}
    </div>
  );
}
