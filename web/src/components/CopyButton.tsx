import { Button, type ButtonProps } from 'react-bootstrap';
import { notify, TOAST_COPY_MS } from './toasts';

interface CopyButtonProps {
  text: string;
  successMessage: string;
  failureMessage?: string;
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** A tooltip saying more than the label. */
  title?: string;
  /** While there is nothing to copy yet. */
  isDisabled?: boolean;
}

/** Copies `text` to the clipboard and says so in a short toast. */
export function CopyButton({
  text,
  successMessage,
  failureMessage = 'Failed to copy to clipboard',
  label = 'Copy',
  size = 'sm',
  variant = 'outline-primary',
  title,
  isDisabled = false,
}: CopyButtonProps) {
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(successMessage, TOAST_COPY_MS);
    } catch {
      notify.error(failureMessage, TOAST_COPY_MS);
    }
  }
  return (
    <Button
      size={size}
      variant={variant}
      title={title}
      disabled={isDisabled}
      onClick={() => void handleCopy()}
    >
      {label}
    </Button>
  );
}
