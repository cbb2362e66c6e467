/**
 * The "Response" card under the webhook URL: folded, one line saying what the URL answers;
 * unfolded, the rules in order with add, edit, move, delete and presets, saved together.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
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
import { useResponseRules } from './useResponseRules';
import './responses.css';

/** The rule open in the editor: its index (null for a new one), where the form and its preview start. */
interface Editing {
  index: number | null;
  initial: RuleDraft;
  sample?: SampleRequest;
}

export function ResponsesPanel({ sessionId }: { sessionId: string }) {
  const view = useResponseRules(sessionId);
  const [isOpen, setIsOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { rules } = view;
  const summary = view.savedCount ? text.rulesSummary(view.savedCount) : text.defaultSummary;

  function renderRules() {
    if (view.isLoading) return <LoadingStatus text={text.loading} className="py-2" />;
    if (view.loadFailed) return <RetryAlert text={text.loadFailed} onRetry={view.retryLoad} />;
    if (rules.length === 0) return <p className="text-body-secondary">{text.noRules}</p>;
    return (
      <RuleList
        rules={rules}
        onMove={(index, step) => view.change(moveRule(rules, index, step))}
        onEdit={(index) => {
          const rule = rules[index];
          if (rule) setEditing({ index, initial: toDraft(rule) });
        }}
        onRemove={(index) => view.change(removeRule(rules, index))}
      />
    );
  }

  return (
    <Card className="mb-3 shadow-sm" as="section" aria-labelledby="responses-title">
      <Card.Body className="py-2">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id="responses-title" className="fs-6 fw-semibold mb-0">
            {text.title}
          </h2>
          <span className="small text-body-secondary">{summary}</span>
          <Button
            variant="outline-secondary"
            size="sm"
            className="ms-auto"
            aria-expanded={isOpen}
            aria-controls="responses-body"
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? text.hide : text.show}
          </Button>
        </div>
        {isOpen && (
          <div id="responses-body" className="mt-3">
            <p className="small text-body-secondary">
              {text.intro} {text.firstMatchNote}
            </p>
            {renderRules()}
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button
                variant="outline-primary"
                size="sm"
                onClick={() => setEditing({ index: null, initial: emptyRuleDraft() })}
              >
                {text.addRule}
              </Button>
              <DropdownButton title={text.presets} variant="outline-secondary" size="sm">
                {RESPONSE_PRESETS.map((preset) => (
                  <Dropdown.Item key={preset.name} onClick={() => view.change([...rules, preset.rule])}>
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
              {view.hasChanges && <span className="small text-warning-emphasis ms-auto">{text.unsaved}</span>}
              <Button
                variant="primary"
                size="sm"
                className={view.hasChanges ? '' : 'ms-auto'}
                disabled={!view.hasChanges || view.isSaving}
                onClick={() => void view.save()}
              >
                {view.isSaving ? text.saving : text.save}
              </Button>
            </div>
          </div>
        )}
      </Card.Body>
      {editing && (
        <RuleEditorModal
          position={editing.index === null ? null : editing.index + 1}
          initial={editing.initial}
          initialSample={editing.sample}
          onCancel={() => setEditing(null)}
          onApply={(rule) => {
            view.change(putRule(rules, editing.index, rule));
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}
