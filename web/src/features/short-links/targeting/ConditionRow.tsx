/** One condition of a targeting rule: its type and its value, with the value's input fitting the type. */
import { Button, Form } from 'react-bootstrap';
import {
  CONDITION_TYPES,
  CONDITION_TYPE_LABELS,
  TARGET_DEVICES,
  TARGET_DEVICE_LABELS,
  type ConditionType,
} from '../../../../../shared/link-targeting';
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

export function ConditionRow(props: ConditionRowProps) {
  const { condition, label, valueLabel, removeLabel, canRemove, onChange, onRemove } = props;
  const setValue = (value: string) => onChange({ ...condition, value });
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
      {condition.type === 'device' ? (
        <Form.Select
          size="sm"
          aria-label={valueLabel}
          value={condition.value}
          onChange={(event) => setValue(event.target.value)}
        >
          {TARGET_DEVICES.map((device) => (
            <option key={device} value={device}>
              {TARGET_DEVICE_LABELS[device]}
            </option>
          ))}
        </Form.Select>
      ) : (
        <Form.Control
          size="sm"
          aria-label={valueLabel}
          value={condition.value}
          placeholder={
            condition.type === 'country' ? messages.countryPlaceholder : messages.languagePlaceholder
          }
          maxLength={condition.type === 'country' ? 2 : 3}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <Button size="sm" variant="outline-secondary" disabled={!canRemove} onClick={onRemove}>
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">{removeLabel}</span>
      </Button>
    </div>
  );
}
