/**
 * The UTM builder of the Add and Edit URL forms: each field reads its value from the long URL and
 * writes it back there (utm.ts), so what the form shows as the long URL is always what is stored.
 */
import { useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { FormSection } from './FormSection';
import { tagMessages, UTM_LABELS, UTM_PLACEHOLDERS } from '../tag-messages';
import { hasUtm, UTM_FIELDS, utmOf, withUtm } from '../utm';

interface UtmFieldsProps {
  /** The long URL as typed. */
  url: string;
  onUrlChange: (url: string) => void;
}

export function UtmFields({ url, onUrlChange }: UtmFieldsProps) {
  const [isOpen, setIsOpen] = useState(() => hasUtm(url));
  const values = utmOf(url);
  const hasUrl = url.trim() !== '';
  return (
    <FormSection
      title={isOpen ? tagMessages.utmHide : tagMessages.utmTitle}
      isOpen={isOpen}
      onToggle={() => setIsOpen((open) => !open)}
    >
      <Row className="g-2 pt-2">
        {UTM_FIELDS.map((field) => (
          <Col xs={12} sm={6} key={field}>
            <Form.Group controlId={`url-form-${field}`}>
              <Form.Label className="small mb-1">{UTM_LABELS[field]}</Form.Label>
              <Form.Control
                size="sm"
                value={values[field]}
                placeholder={UTM_PLACEHOLDERS[field]}
                disabled={!hasUrl}
                autoComplete="off"
                onChange={(event) => onUrlChange(withUtm(url.trim(), field, event.target.value))}
              />
            </Form.Group>
          </Col>
        ))}
      </Row>
      <Form.Text>{hasUrl ? tagMessages.utmHelp : tagMessages.utmNeedsUrl}</Form.Text>
    </FormSection>
  );
}
