/** A part of the Add and Edit URL forms that opens and closes under its title. */
import { useId, type ReactNode } from 'react';
import { Button, Collapse } from 'react-bootstrap';

interface FormSectionProps {
  title: string;
  isOpen: boolean;
  onToggle: () => void;
  className?: string;
  children: ReactNode;
}

export function FormSection({ title, isOpen, onToggle, className = 'mt-3', children }: FormSectionProps) {
  const regionId = useId();
  return (
    <div className={className}>
      <Button
        variant="link"
        className="p-0 text-decoration-none"
        aria-expanded={isOpen}
        aria-controls={regionId}
        onClick={onToggle}
      >
        {isOpen ? '▾' : '▸'} {title}
      </Button>
      <Collapse in={isOpen}>
        <div id={regionId}>{children}</div>
      </Collapse>
    </div>
  );
}
