/** One condition of a targeting rule: its type and its value, with the value's input fitting the type. */
import { Button, Form } from 'react-bootstrap';
import {
  CONDITION_TYPES,
  CONDITION_TYPE_LABELS,
  LISTED_VALUES,
  type ConditionType,
} from '../../../../../shared/link-conditions';
import { messages } from './messages';
import { defaultValueOf, type ConditionDraft } from './targeting-form';

interface ConditionRowProps {
  condition: ConditionDraft;
  /** Accessible names: each row is told apart by its rule and its position. */
  label: string;
  valueLabel: string;
  removeLabel: string;
  canRemove: boolean;
  onChange: (condition: ConditionDraft) => void;
  onRemove: () => void;
}

function isConditionType(value: string): value is ConditionType {
  return CONDITION_TYPES.some((type) => type === value);
}

/** What a typed value looks like, for the types typed in a text box. */
const PLACEHOLDERS: Partial<Record<ConditionType, string>> = {
  country: messages.countryPlaceholder,
  language: messages.languagePlaceholder,
  query: messages.queryPlaceholder,
  ip: messages.ipPlaceholder,
};
const MAX_LENGTHS: Partial<Record<ConditionType, number>> = { country: 2, language: 3, query: 200, ip: 43 };

function ValueInput({
  condition,
  label,
  onChange,
}: {
  condition: ConditionDraft;
  label: string;
  onChange: (value: string) => void;
}) {
  const listed = LISTED_VALUES[condition.type];
  if (listed) {
    return (
      <Form.Select
        size="sm"
        aria-label={label}
        value={condition.value}
        onChange={(event) => onChange(event.target.value)}
      >
        {Object.entries(listed).map(([key, name]) => (
          <option key={key} value={key}>
            {name}
          </option>
        ))}
      </Form.Select>
    );
  }
  const isDate = condition.type === 'from' || condition.type === 'until';
  return (
    <Form.Control
      size="sm"
      aria-label={label}
      type={isDate ? 'datetime-local' : 'text'}
      value={condition.value}
      placeholder={PLACEHOLDERS[condition.type]}
      maxLength={MAX_LENGTHS[condition.type]}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function ConditionRow(props: ConditionRowProps) {
  const { condition, label, valueLabel, removeLabel, canRemove, onChange, onRemove } = props;
  return (
    <div className="d-flex gap-2 align-items-center">
      <Form.Select
        size="sm"
        aria-label={label}
        value={condition.type}
        className="w-auto"
        onChange={(event) => {
          const type = event.target.value;
          if (isConditionType(type)) onChange({ ...condition, type, value: defaultValueOf(type) });
        }}
      >
        {CONDITION_TYPES.map((type) => (
          <option key={type} value={type}>
            {CONDITION_TYPE_LABELS[type]}
          </option>
        ))}
      </Form.Select>
      <ValueInput
        condition={condition}
        label={valueLabel}
        onChange={(value) => onChange({ ...condition, value })}
      />
      <Button size="sm" variant="outline-secondary" disabled={!canRemove} onClick={onRemove}>
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">{removeLabel}</span>
      </Button>
    </div>
  );
}
