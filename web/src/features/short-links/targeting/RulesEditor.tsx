/** The ordered list of targeting rules in the URL form: add, remove, reorder. */
import { Button } from 'react-bootstrap';
import { MAX_RULES } from '../../../../../shared/link-targeting';
import { messages } from './messages';
import { RuleEditor } from './RuleEditor';
import { moved, newRule, type RuleDraft } from './targeting-form';

interface RulesEditorProps {
  rules: RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
}

export function RulesEditor({ rules, onChange }: RulesEditorProps) {
  const isFull = rules.length >= MAX_RULES;
  return (
    <fieldset>
      <legend className="fs-6 fw-semibold mb-1">{messages.rulesTitle}</legend>
      <p className="form-text mt-0">
        {messages.rulesHelp} {messages.valueHelp}
      </p>
      <ol className="list-unstyled d-flex flex-column gap-2 mb-2">
        {rules.map((rule, index) => (
          <li key={rule.key}>
            <RuleEditor
              rule={rule}
              position={index + 1}
              isLast={index === rules.length - 1}
              onChange={(next) => onChange(rules.map((item) => (item.key === rule.key ? next : item)))}
              onMove={(offset) => onChange(moved(rules, index, index + offset))}
              onRemove={() => onChange(rules.filter((item) => item.key !== rule.key))}
            />
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={isFull}
        onClick={() => onChange([...rules, newRule()])}
      >
        + {messages.addRule}
      </Button>
      {isFull && <span className="form-text ms-2">{messages.rulesLimit}</span>}
    </fieldset>
  );
}
