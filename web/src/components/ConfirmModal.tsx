import { useId } from 'react';
import { Button, Modal } from 'react-bootstrap';

interface ConfirmModalProps {
  show: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmModal({
  show,
  title,
  message,
  confirmLabel = 'Delete',
  isBusy,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      {/* Messages may quote a long URL or id; they wrap rather than widen the dialog. */}
      <Modal.Body className="text-break">{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
