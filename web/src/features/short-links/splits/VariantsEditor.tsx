/**
 * A split's variants with their weights, the running total and the sticky switch: the link's own
 * split and a targeting rule's split are edited with it.
 */
import { Button, Form, InputGroup } from 'react-bootstrap';
import { MAX_VARIANTS, TOTAL_WEIGHT } from '../../../../../shared/link-splits';
import { messages } from './messages';
import { draftTotal, newVariant, startedSplit, type SplitDraft, type VariantDraft } from './split-form';

interface VariantsEditorProps {
  draft: SplitDraft;
  onChange: (draft: SplitDraft) => void;
  /** The button that starts a split when there is none. */
  startLabel: string;
  /** Each variant's name by position, e.g. "Variant A" or "Rule 1, Variant A". */
  labelOf: (index: number) => string;
  /** The sticky switch's id, unique in the form. */
  stickyId: string;
}

export function VariantsEditor({ draft, onChange, startLabel, labelOf, stickyId }: VariantsEditorProps) {
  const { variants } = draft;
  const total = draftTotal(draft);
  const isComplete = total === TOTAL_WEIGHT;

  function changeVariant(index: number, change: Partial<VariantDraft>) {
    onChange({ ...draft, variants: variants.map((v, at) => (at === index ? { ...v, ...change } : v)) });
  }

  if (variants.length === 0) {
    return (
      <div>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => onChange({ ...draft, variants: startedSplit() })}
        >
          {startLabel}
        </Button>
      </div>
    );
  }
  return (
    <>
      {variants.map((variant, index) => (
        <VariantRow
          key={variant.key}
          variant={variant}
          label={labelOf(index)}
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
      {variants.length >= MAX_VARIANTS && <Form.Text className="mt-0">{messages.variantsLimit}</Form.Text>}
      {!isComplete && <div className="small text-danger">{messages.totalMustBe}</div>}
      <Form.Group controlId={stickyId}>
        <Form.Check
          type="switch"
          label={messages.sticky}
          checked={draft.sticky}
          onChange={(event) => onChange({ ...draft, sticky: event.target.checked })}
        />
        <Form.Text>{messages.stickyHelp}</Form.Text>
      </Form.Group>
    </>
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
