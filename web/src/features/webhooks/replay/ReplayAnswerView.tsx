import Badge from 'react-bootstrap/Badge';
import type { ReplayAnswer } from '../../../../../shared/replay';
import { Mono } from '../body/BodyPre';
import { cutText, MAX_RENDERED_CHARS } from '../body/formats';
import { KeyValueTable } from '../../../components/KeyValueTable';
import { messages } from '../messages';
import { replayMessages as text } from './messages';
import { statusVariant } from '../responses/answer';

/** The target's answer: status, time, headers and body as they came back. */
export function ReplayAnswerView({ answer }: { answer: ReplayAnswer }) {
  const shown = cutText(answer.body, MAX_RENDERED_CHARS);
  return (
    <section aria-label={text.answer}>
      <div className="d-flex align-items-center gap-2 mb-3">
        <Badge bg={statusVariant(answer.status)} className="fs-6" aria-label={text.status}>
          {answer.status}
        </Badge>
        <span className="small text-body-secondary">{text.duration(answer.durationMs)}</span>
      </div>
      <h3 className="h6">{text.answerHeaders}</h3>
      <div className="border rounded mb-3">
        <KeyValueTable rows={answer.headers} columns={messages.columns} />
      </div>
      <h3 className="h6">{answer.bodyEncoding === 'base64' ? text.answerBodyBase64 : text.answerBody}</h3>
      {answer.body === '' ? (
        <p className="small text-body-secondary mb-0">{text.emptyBody}</p>
      ) : (
        <Mono>{shown.text}</Mono>
      )}
      {answer.truncated && <p className="small text-body-secondary mt-2 mb-0">{text.answerTruncated}</p>}
      {!shown.complete && <p className="small text-body-secondary mt-2 mb-0">{text.answerCut}</p>}
    </section>
  );
}
