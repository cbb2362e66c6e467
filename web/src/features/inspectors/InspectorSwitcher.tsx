/**
 * "Inspectors" in the inspector's header: the shown inspector's name (or short id) and how many
 * requests came live to the others, opening a drawer that lists this browser's inspectors, makes
 * a new one, and opens, renames, forgets or deletes any of them.
 */
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { INSPECTOR_NAME_MAX_LENGTH } from '../../../../shared/inspectors';
import { DrawerButton } from '../../components/DrawerButton';
import { SolidBadge } from '../../components/SolidBadge';
import { switcherMessages as text } from './switcher-messages';
import { labelOf, unseenTotal } from './switcher-state';
import { SwitcherRow } from './SwitcherRow';
import { useInspectorSwitcher, type InspectorSwitcher as Switcher } from './useInspectorSwitcher';
import { useNameDraft } from './useNameDraft';

function NewInspectorForm({ create }: { create: Switcher['create'] }) {
  const form = useNameDraft('', create, text.createFailed, true);
  return (
    <Form onSubmit={form.submit} noValidate aria-label={text.newTitle} className="mb-3">
      <Form.Label htmlFor="new-inspector-name" className="fw-semibold">
        {text.newName}
      </Form.Label>
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1">
          <Form.Control
            id="new-inspector-name"
            size="sm"
            value={form.draft}
            maxLength={INSPECTOR_NAME_MAX_LENGTH}
            placeholder="github-app"
            autoComplete="off"
            isInvalid={form.problem !== null}
            onChange={(event) => form.setDraft(event.target.value)}
          />
          <Form.Control.Feedback type="invalid">{form.problem}</Form.Control.Feedback>
        </div>
        <Button type="submit" size="sm" disabled={form.isBusy} className="text-nowrap">
          {text.create}
        </Button>
      </div>
    </Form>
  );
}

export function InspectorSwitcher({ sessionId }: { sessionId: string }) {
  const switcher = useInspectorSwitcher(sessionId);
  const shown = switcher.entries.find((entry) => entry.isShown);
  const unseen = unseenTotal(switcher.entries);
  return (
    <DrawerButton
      label={text.label}
      drawerTitle={text.drawerTitle}
      summary={
        <>
          {labelOf(shown ?? { sessionId, name: null })}
          {unseen > 0 && (
            <SolidBadge colour="primary" className="ms-1">
              {text.unseen(unseen)}
            </SolidBadge>
          )}
        </>
      }
    >
      {() => (
        <>
          <p className="small text-body-secondary">{text.intro}</p>
          <NewInspectorForm create={switcher.create} />
          <ul className="list-group" aria-label={text.listLabel}>
            {switcher.entries.map((entry) => (
              <SwitcherRow key={entry.sessionId} entry={entry} switcher={switcher} />
            ))}
          </ul>
        </>
      )}
    </DrawerButton>
  );
}
