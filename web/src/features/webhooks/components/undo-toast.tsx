/** A toast that says something was done and offers to undo it while it shows. */
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify/unstyled';
import { notify, TOAST_DEFAULT_MS } from '../../../components/toasts';
import { messages } from '../messages';

/** Shows `text` with an Undo button for the usual toast time; `undo` resolves false when it failed. */
export function offerUndo(text: string, undo: () => Promise<boolean>): void {
  toast.info(
    ({ closeToast }) => (
      <span className="d-flex align-items-center justify-content-between gap-2 w-100">
        <span>{text}</span>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => {
            closeToast();
            void undo().then((isUndone) => isUndone || notify.error(messages.undoFailed));
          }}
        >
          {messages.undo}
        </Button>
      </span>
    ),
    { autoClose: TOAST_DEFAULT_MS, closeOnClick: false },
  );
}
