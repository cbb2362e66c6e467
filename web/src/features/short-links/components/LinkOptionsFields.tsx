/** The collapsible "More options" part of the Add and Edit URL forms. */
import { useId, useState } from 'react';
import { Button, Collapse, Form } from 'react-bootstrap';
import type { OptionsDraft } from '../link-form';
import { messages } from '../messages';

interface LinkOptionsFieldsProps {
  draft: OptionsDraft;
  isEdit: boolean;
  /** The link being edited has a password. */
  hasPassword: boolean;
  /** Open from the start (e.g. editing a link that has options). */
  initiallyOpen: boolean;
  /** A free alias the server offered after a taken one. */
  freeAlias: string | null;
  onChange: (draft: OptionsDraft) => void;
}

export function LinkOptionsFields({
  draft,
  isEdit,
  hasPassword,
  initiallyOpen,
  freeAlias,
  onChange,
}: LinkOptionsFieldsProps) {
  const [isOpen, setIsOpen] = useState(initiallyOpen || freeAlias !== null);
  // A free alias offered after a taken one opens the options so it is seen, even when they were
  // closed; the user may close them again.
  const [offered, setOffered] = useState(freeAlias);
  if (offered !== freeAlias) {
    setOffered(freeAlias);
    if (freeAlias !== null) setIsOpen(true);
  }
  const regionId = useId();
  const set = (change: Partial<OptionsDraft>) => onChange({ ...draft, ...change });

  return (
    <div className="mt-3">
      <Button
        variant="link"
        className="p-0 text-decoration-none"
        aria-expanded={isOpen}
        aria-controls={regionId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? '▾' : '▸'} {isOpen ? messages.fewerOptions : messages.moreOptions}
      </Button>
      <Collapse in={isOpen}>
        <div id={regionId}>
          <div className="d-flex flex-column gap-3 pt-3">
            <Form.Group controlId="url-form-alias">
              <Form.Label>{messages.aliasLabel}</Form.Label>
              <Form.Control
                value={draft.alias}
                onChange={(event) => set({ alias: event.target.value })}
                placeholder="my-launch-2025"
                autoComplete="off"
                maxLength={64}
              />
              <Form.Text>{isEdit ? messages.aliasEditHelp : messages.aliasHelp}</Form.Text>
              {freeAlias && (
                <div className="d-flex flex-wrap align-items-center gap-2 mt-2" role="status">
                  <span className="text-danger small">{messages.aliasTaken}</span>
                  <Button size="sm" variant="outline-primary" onClick={() => set({ alias: freeAlias })}>
                    {messages.useAlias(freeAlias)}
                  </Button>
                </div>
              )}
            </Form.Group>
            <Form.Group controlId="url-form-expires">
              <Form.Label>{messages.expiresLabel}</Form.Label>
              <Form.Control
                type="datetime-local"
                value={draft.expiresAt}
                onChange={(event) => set({ expiresAt: event.target.value })}
              />
              <Form.Text>{messages.expiresHelp}</Form.Text>
            </Form.Group>
            <Form.Group controlId="url-form-max-clicks">
              <Form.Label>{messages.maxClicksLabel}</Form.Label>
              <Form.Control
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                value={draft.maxClicks}
                onChange={(event) => set({ maxClicks: event.target.value })}
              />
              <Form.Text>{messages.maxClicksHelp}</Form.Text>
            </Form.Group>
            <Form.Group controlId="url-form-password">
              <Form.Label>{messages.passwordLabel}</Form.Label>
              <Form.Control
                type="password"
                value={draft.password}
                disabled={draft.removePassword}
                onChange={(event) => set({ password: event.target.value })}
                autoComplete="new-password"
              />
              <Form.Text>{hasPassword ? messages.passwordEditHelp : messages.passwordHelp}</Form.Text>
              {hasPassword && (
                <Form.Check
                  className="mt-2"
                  id="url-form-remove-password"
                  label={messages.removePassword}
                  checked={draft.removePassword}
                  onChange={(event) => set({ removePassword: event.target.checked, password: '' })}
                />
              )}
            </Form.Group>
          </div>
        </div>
      </Collapse>
    </div>
  );
}
