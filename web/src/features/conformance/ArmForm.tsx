/** The form that arms a sender test: path, how many deliveries fail, with what, for how long. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import {
  FAIL_FIRST_DEFAULT,
  FAIL_FIRST_MAX,
  RUN_MINUTES_DEFAULT,
  RUN_MINUTES_MAX,
  type ArmRunInput,
  type FailWith,
} from '../../../../shared/conformance';
import { messageOf } from '../../lib/http';
import { armRun } from './api';
import { conformanceMessages as text } from './messages';

type FailWithChoice = keyof typeof text.failWithOptions;

function failWithOf(choice: FailWithChoice): FailWith {
  return choice === 'timeout' || choice === 'reset' ? { fault: choice } : { status: Number(choice) };
}

export function ArmForm({ onArmed }: { onArmed: () => void }) {
  const [path, setPath] = useState('*');
  const [failFirst, setFailFirst] = useState(FAIL_FIRST_DEFAULT);
  const [failWith, setFailWith] = useState<FailWithChoice>('500');
  const [minutes, setMinutes] = useState(RUN_MINUTES_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  const [isArming, setIsArming] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsArming(true);
    setError(null);
    const input: ArmRunInput = { path, failFirst, failWith: failWithOf(failWith), minutes };
    try {
      await armRun(input);
      onArmed();
    } catch (caught) {
      setError(messageOf(caught, text.armFailed));
    } finally {
      setIsArming(false);
    }
  };

  return (
    <Form onSubmit={handleSubmit} aria-label={text.arm}>
      <Form.Group className="mb-3" controlId="conformance-path">
        <Form.Label>{text.pathLabel}</Form.Label>
        <Form.Control value={path} onChange={(event) => setPath(event.target.value)} />
        <Form.Text>{text.pathHelp}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="conformance-fail-first">
        <Form.Label>{text.failFirstLabel}</Form.Label>
        <Form.Select value={failFirst} onChange={(event) => setFailFirst(Number(event.target.value))}>
          {Array.from({ length: FAIL_FIRST_MAX + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="conformance-fail-with">
        <Form.Label>{text.failWithLabel}</Form.Label>
        <Form.Select value={failWith} onChange={(event) => setFailWith(event.target.value as FailWithChoice)}>
          {Object.entries(text.failWithOptions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="conformance-minutes">
        <Form.Label>{text.minutesLabel}</Form.Label>
        <Form.Control
          type="number"
          min={1}
          max={RUN_MINUTES_MAX}
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
        />
      </Form.Group>
      {error && (
        <Alert variant="danger" className="py-2">
          {error}
        </Alert>
      )}
      <Button type="submit" disabled={isArming}>
        {isArming ? text.arming : text.arm}
      </Button>
    </Form>
  );
}
