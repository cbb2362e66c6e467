/** The targeting part of the Add and Edit URL forms: the query-string switch and the rules editor. */
import { Form } from 'react-bootstrap';
import { messages } from './messages';
import { RulesEditor } from './RulesEditor';
import type { TargetingDraft } from './targeting-form';

interface TargetingFieldsProps {
  draft: TargetingDraft;
  onChange: (draft: TargetingDraft) => void;
}

export function TargetingFields({ draft, onChange }: TargetingFieldsProps) {
  return (
    <div className="d-flex flex-column gap-3 mt-3">
      <Form.Group controlId="url-form-forward-query">
        <Form.Check
          type="switch"
          label={messages.forwardQuery}
          checked={draft.forwardQuery}
          onChange={(event) => onChange({ ...draft, forwardQuery: event.target.checked })}
        />
        <Form.Text>{messages.forwardQueryHelp}</Form.Text>
      </Form.Group>
      <RulesEditor rules={draft.rules} onChange={(rules) => onChange({ ...draft, rules })} />
    </div>
  );
}
