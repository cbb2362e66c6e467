/** The collapsible "Redirect and fallback" part of the Add and Edit URL forms. */
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import {
  isCachedRedirect,
  REDIRECT_STATUS_LABELS,
  REDIRECT_STATUSES,
  type RedirectStatus,
} from '../../../../../shared/link-routing';
import type { RoutingDraft } from '../link-routing-form';
import { messages } from '../messages';
import { FormSection } from './FormSection';

interface LinkRoutingFieldsProps {
  draft: RoutingDraft;
  initiallyOpen: boolean;
  onChange: (draft: RoutingDraft) => void;
}

export function LinkRoutingFields({ draft, initiallyOpen, onChange }: LinkRoutingFieldsProps) {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  const set = (change: Partial<RoutingDraft>) => onChange({ ...draft, ...change });
  return (
    <FormSection title={messages.routingSection} isOpen={isOpen} onToggle={() => setIsOpen((open) => !open)}>
      <div className="d-flex flex-column gap-3 pt-3">
        <Form.Group controlId="url-form-redirect-status">
          <Form.Label>{messages.redirectStatusLabel}</Form.Label>
          <Form.Select
            value={draft.redirectStatus}
            onChange={(event) => set({ redirectStatus: Number(event.target.value) as RedirectStatus })}
          >
            {REDIRECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REDIRECT_STATUS_LABELS[status]}
              </option>
            ))}
          </Form.Select>
          <Form.Text>{messages.redirectStatusHelp}</Form.Text>
          {isCachedRedirect(draft.redirectStatus) && (
            <Alert variant="warning" className="small py-2 mt-2 mb-0" data-testid="redirect-cached-warning">
              {messages.redirectCachedWarning}
            </Alert>
          )}
        </Form.Group>
        <Form.Group controlId="url-form-fallback">
          <Form.Label>{messages.fallbackLabel}</Form.Label>
          <Form.Control
            type="url"
            value={draft.fallbackUrl}
            placeholder="https://example.com/campaign-ended"
            autoComplete="off"
            onChange={(event) => set({ fallbackUrl: event.target.value })}
          />
          <Form.Text>{messages.fallbackHelp}</Form.Text>
        </Form.Group>
        <Form.Group controlId="url-form-starts">
          <Form.Label>{messages.startsLabel}</Form.Label>
          <Form.Control
            type="datetime-local"
            value={draft.startsAt}
            onChange={(event) => set({ startsAt: event.target.value })}
          />
          <Form.Text>{messages.startsHelp}</Form.Text>
        </Form.Group>
      </div>
    </FormSection>
  );
}
