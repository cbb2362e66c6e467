import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { verifyMessages as text } from './messages';
import {
  HASHES,
  SIGNATURE_ENCODINGS,
  type CustomHmac,
  type Hash,
  type SignatureEncoding,
} from '../../../../../shared/signatures/schemes';

/** A new generic HMAC setting: SHA-256 written in hex, no header named yet. */
export const NEW_CUSTOM_HMAC: CustomHmac = { header: '', hash: 'SHA-256', encoding: 'hex', prefix: '' };

interface CustomHmacFieldsProps {
  value: CustomHmac;
  onChange: (value: CustomHmac) => void;
  /** Starts the fields' ids, so that two forms on one page keep theirs apart. */
  idPrefix?: string;
}

/** Where the generic HMAC check finds the signature and how it is written. */
export function CustomHmacFields({ value, onChange, idPrefix = 'verify' }: CustomHmacFieldsProps) {
  const set = (change: Partial<CustomHmac>) => onChange({ ...value, ...change });
  return (
    <Row className="g-2 mb-2">
      <Form.Group as={Col} sm={6} lg={4} controlId={`${idPrefix}-header`}>
        <Form.Label className="small mb-1">{text.header}</Form.Label>
        <Form.Control
          size="sm"
          className="font-monospace"
          value={value.header}
          placeholder="X-Signature"
          onChange={(e) => set({ header: e.target.value })}
        />
      </Form.Group>
      <Form.Group as={Col} sm={6} lg={2} controlId={`${idPrefix}-hash`}>
        <Form.Label className="small mb-1">{text.hash}</Form.Label>
        <Form.Select size="sm" value={value.hash} onChange={(e) => set({ hash: e.target.value as Hash })}>
          {HASHES.map((hash) => (
            <option key={hash} value={hash}>
              {hash}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} sm={6} lg={2} controlId={`${idPrefix}-encoding`}>
        <Form.Label className="small mb-1">{text.encoding}</Form.Label>
        <Form.Select
          size="sm"
          value={value.encoding}
          onChange={(e) => set({ encoding: e.target.value as SignatureEncoding })}
        >
          {SIGNATURE_ENCODINGS.map((encoding) => (
            <option key={encoding} value={encoding}>
              {encoding}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} sm={6} lg={4} controlId={`${idPrefix}-prefix`}>
        <Form.Label className="small mb-1">{text.prefix}</Form.Label>
        <Form.Control
          size="sm"
          className="font-monospace"
          value={value.prefix}
          placeholder="sha256="
          onChange={(e) => set({ prefix: e.target.value })}
        />
      </Form.Group>
    </Row>
  );
}
