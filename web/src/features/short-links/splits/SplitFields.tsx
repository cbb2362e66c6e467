/** The "Split traffic" part of the Add and Edit URL forms: variants with their weights and the running total. */
import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { MAX_VARIANTS, TOTAL_WEIGHT, variantLabel } from '../../../../../shared/link-splits';
import { FormSection } from '../components/FormSection';
import { messages } from './messages';
import { draftTotal, newVariant, startedSplit, type SplitDraft, type VariantDraft } from './split-form';

interface SplitFieldsProps {
  draft: SplitDraft;
  onChange: (draft: SplitDraft) => void;
}

export function SplitFields({ draft, onChange }: SplitFieldsProps) {
  const [isOpen, setIsOpen] = useState(draft.variants.length > 0);
  const { variants } = draft;
  const total = draftTotal(draft);
  const isComplete = total === TOTAL_WEIGHT;

  function changeVariant(index: number, change: Partial<VariantDraft>) {
    onChange({ ...draft, variants: variants.map((v, at) => (at === index ? { ...v, ...change } : v)) });
  }

  return (
    <FormSection title={messages.splitTraffic} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)}>
      <div className="d-flex flex-column gap-2 pt-2" data-testid="split-fields">
        <Form.Text className="mt-0">{messages.splitHelp}</Form.Text>
        {variants.length === 0 ? (
          <div>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => onChange({ ...draft, variants: startedSplit() })}
            >
              {messages.startSplit}
            </Button>
          </div>
        ) : (
          <>
            {variants.map((variant, index) => (
              <VariantRow
                key={variant.key}
                variant={variant}
                label={variantLabel(index)}
                canRemove={variants.length > 2}
                onChange={(change) => changeVariant(index, change)}
                onRemove={() => onChange({ ...draft, variants: variants.filter((_, at) => at !== index) })}
              />
            ))}
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button
                variant="outline-primary"
                size="sm"
                disabled={variants.length >= MAX_VARIANTS}
                onClick={() => onChange({ ...draft, variants: [...variants, newVariant()] })}
              >
                {messages.addVariant}
              </Button>
              <Button variant="outline-danger" size="sm" onClick={() => onChange({ ...draft, variants: [] })}>
                {messages.removeSplit}
              </Button>
              <strong
                className={`ms-auto ${isComplete ? 'text-success' : 'text-danger'}`}
                role="status"
                data-testid="split-total"
              >
                {messages.total(Number.isNaN(total) ? 0 : total)}
              </strong>
            </div>
            {variants.length >= MAX_VARIANTS && (
              <Form.Text className="mt-0">{messages.variantsLimit}</Form.Text>
            )}
            {!isComplete && <div className="small text-danger">{messages.totalMustBe}</div>}
            <Form.Group controlId="url-form-split-sticky">
              <Form.Check
                type="switch"
                label={messages.sticky}
                checked={draft.sticky}
                onChange={(event) => onChange({ ...draft, sticky: event.target.checked })}
              />
              <Form.Text>{messages.stickyHelp}</Form.Text>
            </Form.Group>
          </>
        )}
      </div>
    </FormSection>
  );
}

interface VariantRowProps {
  variant: VariantDraft;
  label: string;
  canRemove: boolean;
  onChange: (change: Partial<VariantDraft>) => void;
  onRemove: () => void;
}

function VariantRow({ variant, label, canRemove, onChange, onRemove }: VariantRowProps) {
  return (
    <fieldset className="border rounded p-2">
      <legend className="fs-6 fw-semibold mb-1 float-none w-auto px-1">{label}</legend>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          type="url"
          className="flex-grow-1 w-auto"
          style={{ minWidth: '12rem' }}
          aria-label={messages.variantUrl(label)}
          placeholder={messages.variantPlaceholder}
          value={variant.destination}
          onChange={(event) => onChange({ destination: event.target.value })}
        />
        <InputGroup style={{ width: '7.5rem' }}>
          <Form.Control
            type="number"
            min={1}
            max={99}
            step={1}
            inputMode="numeric"
            aria-label={messages.variantWeight(label)}
            value={variant.weight}
            onChange={(event) => onChange({ weight: event.target.value })}
          />
          <InputGroup.Text>%</InputGroup.Text>
        </InputGroup>
        {canRemove && (
          <Button variant="outline-danger" onClick={onRemove} aria-label={messages.removeVariant(label)}>
            ×
          </Button>
        )}
      </div>
    </fieldset>
  );
}
