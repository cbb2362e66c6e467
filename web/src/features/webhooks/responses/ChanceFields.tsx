import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { responseMessages } from './messages';
import type { RuleDraft } from './rule-draft';

/** The rule's chance (percent of matching requests it answers) and the seed that makes it repeat. */
export function ChanceFields({
  draft,
  onChange,
}: {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
}) {
  const text = responseMessages.editor;
  return (
    <>
      <Row className="g-2 mb-1">
        <Col sm={3}>
          <Form.Label htmlFor="rule-chance" className="small mb-1">
            {text.chance}
          </Form.Label>
          <Form.Control
            id="rule-chance"
            type="number"
            min={0}
            max={100}
            size="sm"
            value={draft.chance}
            onChange={(event) => onChange({ ...draft, chance: event.target.value })}
            aria-describedby="rule-chance-help"
          />
        </Col>
        <Col sm={3}>
          <Form.Label htmlFor="rule-seed" className="small mb-1">
            {text.seed}
          </Form.Label>
          <Form.Control
            id="rule-seed"
            type="number"
            step={1}
            size="sm"
            value={draft.seed}
            onChange={(event) => onChange({ ...draft, seed: event.target.value })}
            aria-describedby="rule-chance-help"
          />
        </Col>
      </Row>
      <Form.Text id="rule-chance-help" className="d-block mb-2">
        {text.chanceHelp}
      </Form.Text>
    </>
  );
}
