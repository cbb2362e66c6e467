/** All, or one status: which suggestions the list shows. */
import { Form } from 'react-bootstrap';
import {
  isSuggestionStatus,
  SUGGESTION_STATUS_LABELS,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from '../../../../../shared/suggestions';
import { messages } from '../messages';

const ALL = 'all';

interface StatusFilterProps {
  value: SuggestionStatus | null;
  onChange: (status: SuggestionStatus | null) => void;
}

export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <Form.Group controlId="admin-status-filter" className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0 text-nowrap">{messages.filterLabel}</Form.Label>
      <Form.Select
        size="sm"
        value={value ?? ALL}
        onChange={(event) => onChange(isSuggestionStatus(event.target.value) ? event.target.value : null)}
      >
        <option value={ALL}>{messages.allStatuses}</option>
        {SUGGESTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SUGGESTION_STATUS_LABELS[status]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
