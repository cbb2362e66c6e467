import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ResponseRule } from '../../../../../shared/responses';
import { responseMessages } from './messages';
import { TextField } from './TextField';
import { previewAnswer, type PreviewResult, type SampleRequest, type TemplatesModule } from './preview';

interface RulePreviewProps {
  /** The rule as the form describes it, or why it cannot be read. */
  rule: { rule: ResponseRule } | { error: string };
  sample: SampleRequest;
  onSampleChange: (sample: SampleRequest) => void;
  templates: TemplatesModule | null;
}

/** A sample request and what the rule would answer it, updated as either changes. */
export function RulePreview({ rule, sample, onSampleChange, templates }: RulePreviewProps) {
  const text = responseMessages.preview;
  const field = (name: keyof SampleRequest, rows?: number) => (
    <TextField
      id={`preview-${name}`}
      label={text[name]}
      rows={rows}
      value={sample[name]}
      onChange={(value) => onSampleChange({ ...sample, [name]: value })}
      isCode={name !== 'method'}
    />
  );
  return (
    <section className="border rounded p-2 mt-3" aria-labelledby="rule-preview-title">
      <h3 id="rule-preview-title" className="fs-6 fw-semibold">
        {text.title}
      </h3>
      <p className="small text-body-secondary mb-2">{text.intro}</p>
      <Row className="g-2 mb-2">
        <Col sm={3}>{field('method')}</Col>
        <Col sm={9}>{field('target')}</Col>
      </Row>
      <Row className="g-2 mb-2">
        <Col sm={6}>{field('headers', 2)}</Col>
        <Col sm={6}>{field('body', 2)}</Col>
      </Row>
      <PreviewOutcome rule={rule} sample={sample} templates={templates} />
    </section>
  );
}

function PreviewOutcome({ rule, sample, templates }: Omit<RulePreviewProps, 'onSampleChange'>) {
  const text = responseMessages.preview;
  // The editor says what is wrong when the rule is applied; the preview only waits for a readable rule.
  if ('error' in rule) return <p className="small text-body-secondary mb-0">{text.unreadable}</p>;
  if (!templates) return <p className="small text-body-secondary mb-0">{text.loading}</p>;
  const result = previewAnswer(rule.rule, sample, templates);
  return (
    <div role="status" aria-label={text.answerLabel}>
      {rule.rule.chance !== undefined && result.kind !== 'no-match' && (
        <p className="small text-body-secondary mb-1">{text.chance(rule.rule.chance)}</p>
      )}
      <ResultView result={result} />
    </div>
  );
}

function ResultView({ result }: { result: PreviewResult }) {
  const text = responseMessages.preview;
  switch (result.kind) {
    case 'no-match':
      return <p className="small mb-0">{text.noMatch}</p>;
    case 'fault':
      return <p className="small mb-0">{text.fault[result.fault]}</p>;
    case 'error':
      return <p className="small text-danger-emphasis mb-0">{text.error(result.error)}</p>;
    case 'answer':
      return (
        <pre
          className="small bg-body-tertiary rounded p-2 mb-0 text-break"
          style={{ whiteSpace: 'pre-wrap' }}
        >
          {[
            `${result.status}`,
            ...result.headers.map(([name, value]) => `${name}: ${value}`),
            '',
            result.body,
          ].join('\n')}
        </pre>
      );
  }
}
