/** One targeting rule in the URL form: its destination and its conditions, all of which must match. */
import { useId } from 'react';
import { Button, ButtonGroup, Card, Form } from 'react-bootstrap';
import { variantLabel } from '../../../../../shared/link-splits';
import { MAX_CONDITIONS } from '../../../../../shared/link-targeting';
import { VariantsEditor } from '../splits/VariantsEditor';
import { ConditionRow } from './ConditionRow';
import { messages } from './messages';
import { newCondition, type RuleDraft } from './targeting-form';

interface RuleEditorProps {
  rule: RuleDraft;
  /** 1-based, as the rule is shown. */
  position: number;
  isLast: boolean;
  onChange: (rule: RuleDraft) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

export function RuleEditor({ rule, position, isLast, onChange, onMove, onRemove }: RuleEditorProps) {
  const destinationId = useId();
  const stickyId = useId();
  const isSplit = rule.split.variants.length > 0;
  const canAddCondition = rule.conditions.length < MAX_CONDITIONS;
  return (
    <Card className="bg-body-tertiary" data-testid="rule-editor">
      <Card.Body className="d-flex flex-column gap-2 p-2">
        <div className="d-flex justify-content-between align-items-center gap-2">
          <strong>{messages.rule(position)}</strong>
          <ButtonGroup size="sm">
            <Button variant="outline-secondary" disabled={position === 1} onClick={() => onMove(-1)}>
              <span aria-hidden="true">↑</span>
              <span className="visually-hidden">{messages.moveUp(position)}</span>
            </Button>
            <Button variant="outline-secondary" disabled={isLast} onClick={() => onMove(1)}>
              <span aria-hidden="true">↓</span>
              <span className="visually-hidden">{messages.moveDown(position)}</span>
            </Button>
            <Button variant="outline-danger" onClick={onRemove}>
              <span aria-hidden="true">✕</span>
              <span className="visually-hidden">{messages.removeRule(position)}</span>
            </Button>
          </ButtonGroup>
        </div>
        {!isSplit && (
          <div>
            <Form.Label htmlFor={destinationId} className="small mb-1">
              {messages.destination}
              <span className="visually-hidden"> ({messages.rule(position)})</span>
            </Form.Label>
            <Form.Control
              id={destinationId}
              size="sm"
              type="url"
              value={rule.destination}
              placeholder={messages.destinationPlaceholder}
              autoComplete="off"
              onChange={(event) => onChange({ ...rule, destination: event.target.value })}
            />
          </div>
        )}
        <VariantsEditor
          draft={rule.split}
          onChange={(split) => onChange({ ...rule, split })}
          startLabel={messages.splitRule}
          labelOf={(index) => messages.splitOf(messages.rule(position), variantLabel(index))}
          stickyId={stickyId}
        />
        {rule.conditions.map((condition, index) => (
          <ConditionRow
            key={condition.key}
            condition={condition}
            label={`${messages.rule(position)}, ${messages.conditionType(index + 1)}`}
            valueLabel={`${messages.rule(position)}, ${messages.conditionValue(index + 1)}`}
            removeLabel={`${messages.rule(position)}: ${messages.removeCondition(index + 1)}`}
            canRemove={rule.conditions.length > 1}
            onChange={(next) =>
              onChange({
                ...rule,
                conditions: rule.conditions.map((item) => (item.key === condition.key ? next : item)),
              })
            }
            onRemove={() =>
              onChange({ ...rule, conditions: rule.conditions.filter((item) => item.key !== condition.key) })
            }
          />
        ))}
        <div>
          <Button
            size="sm"
            variant="link"
            className="p-0 text-decoration-none"
            disabled={!canAddCondition}
            onClick={() => onChange({ ...rule, conditions: [...rule.conditions, newCondition()] })}
          >
            + {messages.addCondition}
          </Button>
          {!canAddCondition && <span className="form-text ms-2">{messages.conditionsLimit}</span>}
        </div>
      </Card.Body>
    </Card>
  );
}
