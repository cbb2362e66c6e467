import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';

interface CommandLineProps {
  /** What the button copies. */
  command: string;
  /** What is shown, when it is marked up beyond the plain command. */
  children?: ReactNode;
  copyLabel: string;
  copiedMessage: string;
  /** Classes the code adds to wrapping at any character, e.g. to keep line breaks. */
  codeClassName?: string;
  testId?: string;
}

/**
 * A command to run or send, shown whole (it wraps rather than being cut, so the part to change
 * stays in sight), with a button beside it that copies it.
 */
export function CommandLine({
  command,
  children = command,
  copyLabel,
  copiedMessage,
  codeClassName = '',
  testId,
}: CommandLineProps) {
  return (
    <div className="d-flex align-items-start gap-2">
      <code className={`text-break flex-grow-1 ${codeClassName}`.trim()} data-testid={testId}>
        {children}
      </code>
      <span className="flex-shrink-0">
        <CopyButton
          text={command}
          label={copyLabel}
          variant="outline-secondary"
          successMessage={copiedMessage}
        />
      </span>
    </div>
  );
}
