import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** A text area of this many rows; a one-line input without it. */
  rows?: number;
  /** Code-like text (paths, headers, bodies): monospace, no spell checking. */
  isCode?: boolean;
  className?: string;
  placeholder?: string;
  inputMode?: 'numeric';
  describedBy?: string;
}

/**
 * A small labelled text field, the one row shape of the rule editor: its responses' status,
 * headers, body and stream, and the preview's sample request.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  rows,
  isCode = true,
  className,
  placeholder,
  inputMode,
  describedBy,
}: TextFieldProps) {
  return (
    <>
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Control
        id={id}
        size="sm"
        {...(rows === undefined ? {} : { as: 'textarea' as const, rows })}
        className={[isCode ? 'font-monospace' : '', className ?? ''].join(' ').trim() || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-describedby={describedBy}
        spellCheck={isCode ? false : undefined}
      />
    </>
  );
}
