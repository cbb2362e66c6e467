/** One inspector in the switcher: its name or short id, count and "new" badge, and what can be done with it. */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { INSPECTOR_NAME_MAX_LENGTH } from '../../../../shared/inspectors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SolidBadge } from '../../components/SolidBadge';
import { messageOf } from '../../lib/http';
import { switcherMessages as text } from './switcher-messages';
import { labelOf, type SwitcherEntry } from './switcher-state';
import type { InspectorSwitcher } from './useInspectorSwitcher';
import { useNameDraft } from './useNameDraft';

function RenameForm({
  entry,
  rename,
  onDone,
}: {
  entry: SwitcherEntry;
  rename: InspectorSwitcher['rename'];
  onDone: () => void;
}) {
  const form = useNameDraft(
    entry.name ?? '',
    async (name) => {
      await rename(entry, name);
      onDone();
    },
    text.renameFailed,
  );
  const fieldId = `rename-${entry.sessionId}`;
  return (
    <Form onSubmit={form.submit} noValidate className="mt-2">
      <Form.Label htmlFor={fieldId} className="small">
        {text.renameField(labelOf(entry))}
      </Form.Label>
      <Form.Control
        id={fieldId}
        size="sm"
        value={form.draft}
        maxLength={INSPECTOR_NAME_MAX_LENGTH}
        autoComplete="off"
        isInvalid={form.problem !== null}
        onChange={(event) => form.setDraft(event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{form.problem}</Form.Control.Feedback>
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" disabled={form.isBusy}>
          {text.saveName}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </Form>
  );
}

export function SwitcherRow({ entry, switcher }: { entry: SwitcherEntry; switcher: InspectorSwitcher }) {
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const label = labelOf(entry);
  const confirmDelete = async () => {
    setIsDeleting(true);
    try {
      await switcher.remove(entry);
      setIsConfirming(false);
    } catch (error) {
      setDeleteProblem(messageOf(error, text.deleteFailed));
      setIsConfirming(false);
    } finally {
      setIsDeleting(false);
    }
  };
  return (
    <li className="list-group-item" aria-label={label}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break font-monospace">{label}</span>
        {entry.isShown && <SolidBadge colour="secondary">{text.shown}</SolidBadge>}
        {entry.unseen > 0 && <SolidBadge colour="primary">{text.unseen(entry.unseen)}</SolidBadge>}
        <span className="small text-body-secondary ms-auto" data-testid="inspector-count">
          {entry.total === null ? text.counting : text.requests(entry.total)}
        </span>
      </div>
      {entry.problem && <p className="small text-danger-emphasis mb-0 mt-1">{entry.problem}</p>}
      {deleteProblem && <p className="small text-danger-emphasis mb-0 mt-1">{deleteProblem}</p>}
      {isRenaming ? (
        <RenameForm entry={entry} rename={switcher.rename} onDone={() => setIsRenaming(false)} />
      ) : (
        <div className="d-flex flex-wrap gap-2 mt-2" role="group" aria-label={text.actionsFor(label)}>
          {!entry.isShown && (
            <Button size="sm" onClick={() => switcher.open(entry)}>
              {text.open}
            </Button>
          )}
          <Button size="sm" variant="outline-secondary" onClick={() => setIsRenaming(true)}>
            {text.rename}
          </Button>
          {!entry.isShown && (
            <Button size="sm" variant="outline-secondary" onClick={() => switcher.forget(entry)}>
              {text.forget}
            </Button>
          )}
          <Button size="sm" variant="outline-danger" onClick={() => setIsConfirming(true)}>
            {text.delete}
          </Button>
        </div>
      )}
      <ConfirmModal
        show={isConfirming}
        title={text.deleteTitle}
        message={text.deleteMessage(label)}
        confirmLabel={text.deleteConfirm}
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setIsConfirming(false)}
      />
    </li>
  );
}
