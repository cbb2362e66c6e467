/**
 * The end of a drawer's form: what went wrong, if anything, then its submit and Cancel buttons.
 */
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

interface FormFooterProps {
  problem: string | null;
  submitLabel: string;
  cancelLabel: string;
  /** Disables submit, while saving or while the form cannot be sent. */
  isSubmitDisabled: boolean;
  onCancel: () => void;
}

export function FormFooter({
  problem,
  submitLabel,
  cancelLabel,
  isSubmitDisabled,
  onCancel,
}: FormFooterProps) {
  return (
    <>
      {problem && (
        <Alert variant="danger" className="py-1 small" role="alert">
          {problem}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={isSubmitDisabled}>
          {submitLabel}
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </>
  );
}
