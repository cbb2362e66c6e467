import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { DetailSection } from '../../../components/DetailSection';
import { diffRequests } from '../diff/diff';
import { BodyDiff } from './BodyDiff';
import { compareMessages as text } from './messages';
import { PairDiffTable } from './PairDiffTable';
import { requestName } from './request-name';

interface CompareViewProps {
  /** The older request. */
  before: WebhookEvent;
  after: WebhookEvent;
  onClose: () => void;
}

/** What differs between two requests: request line, headers, body. */
export function CompareView({ before, after, onClose }: CompareViewProps) {
  const diff = useMemo(() => diffRequests(before, after), [before, after]);
  const changedHeaders = diff.headers.filter((row) => row.change !== 'same');
  const sameCount = diff.headers.length - changedHeaders.length;
  const ids = { beforeId: before.id, afterId: after.id };
  return (
    <article aria-label={text.title}>
      <Card className="mb-3 shadow-sm">
        <Card.Body>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <h2 className="h6 mb-0">{text.title}</h2>
            <Button size="sm" variant="outline-secondary" onClick={onClose}>
              {text.close}
            </Button>
          </div>
          <dl className="compare-names small mb-0 mt-2">
            <dt className="fw-normal text-body-secondary">{text.before}</dt>
            <dd className="font-monospace text-break mb-1">{requestName(before)}</dd>
            <dt className="fw-normal text-body-secondary">{text.after}</dt>
            <dd className="font-monospace text-break mb-0">{requestName(after)}</dd>
          </dl>
        </Card.Body>
      </Card>
      <DetailSection title={text.sections.request} isFlush>
        <PairDiffTable rows={diff.requestLine} {...ids} />
      </DetailSection>
      <DetailSection title={text.sections.headers} isFlush>
        {changedHeaders.length > 0 && <PairDiffTable rows={changedHeaders} {...ids} />}
        <p className="small text-body-secondary px-3 py-2 mb-0">
          {changedHeaders.length === 0 ? text.noHeaderDifferences : text.sameHeaders(sameCount)}
        </p>
      </DetailSection>
      <DetailSection title={text.sections.body}>
        <BodyDiff lines={diff.body} isJson={diff.isJson} />
      </DetailSection>
    </article>
  );
}
