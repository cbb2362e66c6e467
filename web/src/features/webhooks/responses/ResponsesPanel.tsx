/**
 * The Response drawer's content: the rules in the order they are tried, with add, edit, move,
 * delete and presets. Each change is saved at once; a shared link's viewer only reads them.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import DropdownButton from 'react-bootstrap/DropdownButton';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { RetryAlert } from '../../../components/RetryAlert';
import { responseMessages as text } from './messages';
import { RESPONSE_PRESETS, URL_CHECK_PRESETS } from './presets';
import { RuleEditorModal } from './RuleEditorModal';
import { RuleList } from './RuleList';
import type { SampleRequest } from './preview';
import { emptyRuleDraft, toDraft, type RuleDraft } from './rule-draft';
import { moveRule, putRule, removeRule } from './rules-list';
import type { ResponseRulesView } from './useResponseRules';
import './responses.css';

/** The rule open in the editor: its index (null for a new one), where the form and its preview start. */
interface Editing {
  index: number | null;
  initial: RuleDraft;
  sample?: SampleRequest;
}

interface ResponsesPanelProps {
  view: ResponseRulesView;
  /** A Share link's viewer sees the rules without the controls that change them. */
  isReadOnly?: boolean;
}

export function ResponsesPanel({ view, isReadOnly = false }: ResponsesPanelProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const { rules } = view;
  const save = (next: typeof rules) => void view.save(next);

  function renderRules() {
    if (view.isLoading) return <LoadingStatus text={text.loading} className="py-2" />;
    if (view.loadFailed) return <RetryAlert text={text.loadFailed} onRetry={view.retryLoad} />;
    if (rules.length === 0) return <p className="text-body-secondary">{text.noRules}</p>;
    return (
      <RuleList
        rules={rules}
        isReadOnly={isReadOnly}
        isBusy={view.isSaving}
        onMove={(index, step) => save(moveRule(rules, index, step))}
        onEdit={(index) => {
          const rule = rules[index];
          if (rule) setEditing({ index, initial: toDraft(rule) });
        }}
        onRemove={(index) => save(removeRule(rules, index))}
      />
    );
  }

  return (
    <section aria-label={text.title}>
      <p className="small text-body-secondary">
        {text.intro} {text.firstMatchNote}
      </p>
      {renderRules()}
      {isReadOnly ? (
        <p className="small text-body-secondary mb-0">{text.readOnlyNote}</p>
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button
              variant="primary"
              size="sm"
              disabled={view.isLoading || view.isSaving}
              onClick={() => setEditing({ index: null, initial: emptyRuleDraft() })}
            >
              {text.addRule}
            </Button>
            <DropdownButton
              title={text.presets}
              variant="outline-secondary"
              size="sm"
              disabled={view.isLoading || view.isSaving}
            >
              {RESPONSE_PRESETS.map((preset) => (
                <Dropdown.Item key={preset.name} onClick={() => save([...rules, preset.rule])}>
                  {preset.name}
                </Dropdown.Item>
              ))}
              <Dropdown.Divider />
              <Dropdown.Header>{text.urlChecks}</Dropdown.Header>
              {URL_CHECK_PRESETS.map((preset) => (
                <Dropdown.Item
                  key={preset.name}
                  onClick={() =>
                    setEditing({ index: null, initial: toDraft(preset.rule), sample: preset.sample })
                  }
                >
                  {preset.name}
                </Dropdown.Item>
              ))}
            </DropdownButton>
            {view.isSaving && <span className="small text-body-secondary">{text.saving}</span>}
          </div>
          <p className="small text-body-secondary mt-2 mb-0">{text.savesAtOnce}</p>
        </>
      )}
      {editing && (
        <RuleEditorModal
          position={editing.index === null ? null : editing.index + 1}
          initial={editing.initial}
          initialSample={editing.sample}
          onCancel={() => setEditing(null)}
          onSave={async (rule) => {
            const problem = await view.save(putRule(rules, editing.index, rule));
            if (problem === null) setEditing(null);
            return problem;
          }}
        />
      )}
    </section>
  );
}
