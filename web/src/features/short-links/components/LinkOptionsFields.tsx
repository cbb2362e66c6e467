/** The collapsible "More options" part of the Add and Edit URL forms. */
import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FormSection } from './FormSection';
import type { OptionsDraft } from '../link-form';
import { messages } from '../messages';
import type { AliasTaken } from '../useShortLinks';

interface LinkOptionsFieldsProps {
  draft: OptionsDraft;
  isEdit: boolean;
  /** The link being edited has a password. */
  hasPassword: boolean;
  /** Open from the start (e.g. editing a link that has options). */
  initiallyOpen: boolean;
  /** The server's refusal of the alias sent, with the free one it offers. */
  aliasTaken: AliasTaken | null;
  onChange: (draft: OptionsDraft) => void;
}

export function LinkOptionsFields({
  draft,
  isEdit,
  hasPassword,
  initiallyOpen,
  aliasTaken,
  onChange,
}: LinkOptionsFieldsProps) {
  const [isOpen, setIsOpen] = useState(initiallyOpen || aliasTaken !== null);
  // A refused alias opens the options so the refusal is seen, even when they were closed; the
  // user may close them again.
  const [refused, setRefused] = useState(aliasTaken);
  if (refused !== aliasTaken) {
    setRefused(aliasTaken);
    if (aliasTaken !== null) setIsOpen(true);
  }
  const aliasProblemId = useId();
  const set = (change: Partial<OptionsDraft>) => onChange({ ...draft, ...change });

  return (
    <FormSection
      title={isOpen ? messages.fewerOptions : messages.moreOptions}
      isOpen={isOpen}
      onToggle={() => setIsOpen((open) => !open)}
    >
      <div className="d-flex flex-column gap-3 pt-3">
        <Form.Group controlId="url-form-alias">
          <Form.Label>{messages.aliasLabel}</Form.Label>
          <Form.Control
            value={draft.alias}
            onChange={(event) => set({ alias: event.target.value })}
            placeholder="my-launch-2025"
            autoComplete="off"
            maxLength={64}
            isInvalid={aliasTaken !== null}
            aria-invalid={aliasTaken !== null}
            aria-describedby={aliasTaken ? aliasProblemId : undefined}
          />
          {aliasTaken ? (
            <div id={aliasProblemId} className="invalid-feedback d-block" role="alert">
              <span>{aliasTaken.message}</span>
              {aliasTaken.suggestion && (
                <span className="d-flex flex-wrap align-items-center gap-2 mt-2">
                  <span className="text-body">{messages.aliasFree}</span>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => set({ alias: aliasTaken.suggestion ?? '' })}
                  >
                    {messages.useAlias(aliasTaken.suggestion)}
                  </Button>
                </span>
              )}
            </div>
          ) : (
            <Form.Text>{isEdit ? messages.aliasEditHelp : messages.aliasHelp}</Form.Text>
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
    </FormSection>
  );
}
