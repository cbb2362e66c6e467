import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import type { ResponseRule } from '../../../../../shared/responses';
import { responseMessages } from './messages';
import { describeCallback, describeConditions, describeResponses } from './rules-list';

interface RuleListProps {
  rules: ResponseRule[];
  /** Without the controls that change the rules. */
  isReadOnly?: boolean;
  /** A change is being saved: the controls wait for it. */
  isBusy?: boolean;
  onMove: (index: number, step: -1 | 1) => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}

/** The rules in the order they are tried, each with its method, path and answers, and its controls. */
export function RuleList({
  rules,
  isReadOnly = false,
  isBusy = false,
  onMove,
  onEdit,
  onRemove,
}: RuleListProps) {
  const text = responseMessages;
  return (
    <ol className="response-rules list-group list-group-numbered mb-3" aria-label={text.rulesLabel}>
      {rules.map((rule, index) => {
        const position = index + 1;
        const conditions = describeConditions(rule);
        const callback = describeCallback(rule);
        return (
          // Rules have no id of their own; their position is what identifies them.
          <li key={index} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <span className="fw-semibold">{rule.method === '*' ? text.anyMethod : rule.method}</span>
            <code className="text-break">{rule.path}</code>
            {conditions && (
              <span className="rule-conditions font-monospace small text-body-secondary text-break">
                {conditions}
              </span>
            )}
            <span aria-hidden="true">→</span>
            <span className="font-monospace small">{describeResponses(rule)}</span>
            {callback && (
              <span className="rule-callback font-monospace small text-body-secondary text-break">
                {callback}
              </span>
            )}
            {rule.allowPick && <span className="badge text-bg-secondary">{text.pickNote}</span>}
            {!isReadOnly && (
              <ButtonGroup size="sm" className="ms-auto">
                <Button
                  variant="outline-secondary"
                  aria-label={text.moveUp(position)}
                  title={text.moveUp(position)}
                  disabled={isBusy || index === 0}
                  onClick={() => onMove(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  variant="outline-secondary"
                  aria-label={text.moveDown(position)}
                  title={text.moveDown(position)}
                  disabled={isBusy || index === rules.length - 1}
                  onClick={() => onMove(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="outline-secondary"
                  aria-label={text.edit(position)}
                  disabled={isBusy}
                  onClick={() => onEdit(index)}
                >
                  {text.editButton}
                </Button>
                <Button
                  variant="outline-danger"
                  aria-label={text.remove(position)}
                  disabled={isBusy}
                  onClick={() => onRemove(index)}
                >
                  {text.deleteButton}
                </Button>
              </ButtonGroup>
            )}
          </li>
        );
      })}
    </ol>
  );
}
