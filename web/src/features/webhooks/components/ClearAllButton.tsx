import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { notify } from '../../../components/toasts';
import { messages } from '../messages';

interface ClearAllButtonProps {
  /** How many requests the session holds, for the question; null when not counted. */
  total: number | null;
  /** Deletes them all; resolves false when the server refused. */
  onClear: () => Promise<boolean>;
}

/** "Clear all", asked first: it empties the list for everyone who has the inspector open. */
export function ClearAllButton({ total, onClear }: ClearAllButtonProps) {
  const [isAsking, setIsAsking] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  async function handleConfirm() {
    setIsBusy(true);
    const isCleared = await onClear();
    setIsBusy(false);
    setIsAsking(false);
    if (isCleared) notify.success(messages.cleared);
    else notify.error(messages.clearFailed);
  }

  return (
    <>
      <Button
        size="sm"
        variant="outline-danger"
        className="py-0"
        disabled={total === 0}
        onClick={() => setIsAsking(true)}
      >
        {messages.clearAll}
      </Button>
      <ConfirmModal
        show={isAsking}
        title={messages.clearAllTitle}
        message={messages.clearAllText(total)}
        confirmLabel={messages.clearAll}
        isBusy={isBusy}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
}
