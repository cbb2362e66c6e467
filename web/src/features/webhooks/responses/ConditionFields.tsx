import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { CONDITION_OPS, MAX_RULE_CONDITIONS } from '../../../../../shared/response-conditions';
import { responseMessages } from './messages';
import { emptyConditionDraft, type ConditionDraft, type RuleDraft } from './rule-draft';

/** The rule's conditions, one row each (field, test, value), all of which must hold. */
export function ConditionFields({
  draft,
  onChange,
}: {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
}) {
  const text = responseMessages.editor;
  const { conditions } = draft;
  const setConditions = (next: ConditionDraft[]) => onChange({ ...draft, conditions: next });
  const change = (index: number, patch: Partial<ConditionDraft>) =>
    setConditions(conditions.map((current, at) => (at === index ? { ...current, ...patch } : current)));
  return (
    <fieldset className="mb-2" aria-describedby="rule-conditions-help">
      <legend className="small mb-1 fw-normal">{text.conditions}</legend>
      {conditions.map((condition, index) => {
        const position = index + 1;
        return (
          <Row key={index} className="g-1 mb-1 align-items-center">
            <Col xs={12} sm={5}>
              <Form.Control
                size="sm"
                className="font-monospace"
                aria-label={text.conditionField(position)}
                value={condition.field}
                onChange={(event) => change(index, { field: event.target.value })}
                spellCheck={false}
              />
            </Col>
            <Col xs={4} sm={2}>
              <Form.Select
                size="sm"
                aria-label={text.conditionOp(position)}
                value={condition.op}
                onChange={(event) => change(index, { op: event.target.value as ConditionDraft['op'] })}
              >
                {CONDITION_OPS.map((op) => (
                  <option key={op} value={op}>
                    {text.opLabels[op]}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={6} sm={4}>
              {condition.op !== 'exists' && (
                <Form.Control
                  size="sm"
                  className="font-monospace"
                  aria-label={text.conditionValue(position)}
                  value={condition.value}
                  onChange={(event) => change(index, { value: event.target.value })}
                  spellCheck={false}
                />
              )}
            </Col>
            <Col xs={2} sm={1} className="text-end">
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={text.removeCondition(position)}
                title={text.removeCondition(position)}
                onClick={() => setConditions(conditions.filter((_, at) => at !== index))}
              >
                ×
              </Button>
            </Col>
          </Row>
        );
      })}
      {conditions.length < MAX_RULE_CONDITIONS && (
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setConditions([...conditions, emptyConditionDraft()])}
        >
          {text.addCondition}
        </Button>
      )}
      <Form.Text id="rule-conditions-help" className="d-block">
        {text.conditionsHelp}
      </Form.Text>
    </fieldset>
  );
}
