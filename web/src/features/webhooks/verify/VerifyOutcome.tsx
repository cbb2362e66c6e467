import Alert from 'react-bootstrap/Alert';
import { verifyMessages as text } from './messages';
import { TIMESTAMP_TOLERANCE_SECONDS, type VerifyProblem, type VerifyResult } from './signatures';

/** The verdict and what it rests on: the algorithm, what was signed, and both signatures side by side. */
export function VerifyOutcome({ outcome }: { outcome: VerifyResult | VerifyProblem }) {
  if ('problem' in outcome) {
    return (
      <Alert variant="warning" className="mb-0 mt-3">
        {outcome.problem}
      </Alert>
    );
  }
  const { ageSeconds } = outcome;
  const isFresh = ageSeconds !== null && Math.abs(ageSeconds) <= TIMESTAMP_TOLERANCE_SECONDS;
  return (
    <Alert variant={outcome.isValid ? 'success' : 'danger'} className="mb-0 mt-3" role="status">
      <p className="fw-semibold mb-2">{outcome.isValid ? text.valid : text.invalid}</p>
      <dl className="row small mb-0">
        <dt className="col-sm-3">{text.scheme}</dt>
        <dd className="col-sm-9">
          {outcome.algorithm}, <code>{outcome.header}</code>
        </dd>
        <dt className="col-sm-3">{text.signed}</dt>
        <dd className="col-sm-9 text-break">{outcome.signedContent}</dd>
        <dt className="col-sm-3">{text.expected}</dt>
        <dd className="col-sm-9 font-monospace text-break" data-testid="verify-expected">
          {outcome.expected}
        </dd>
        <dt className="col-sm-3">{text.received}</dt>
        <dd className="col-sm-9 font-monospace text-break" data-testid="verify-received">
          {outcome.received.map((signature, index) => (
            <div key={index}>{signature}</div>
          ))}
        </dd>
      </dl>
      {ageSeconds !== null && (
        <p className={`small mb-0 mt-2 ${isFresh ? '' : 'fw-semibold'}`}>
          {text.age(ageSeconds)}, {text.tolerance(isFresh)}
        </p>
      )}
    </Alert>
  );
}
