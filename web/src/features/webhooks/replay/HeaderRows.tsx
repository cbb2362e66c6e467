import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { HeaderPairs } from '../../../../../shared/replay';
import { replayMessages as text } from './messages';

interface HeaderRowsProps {
  headers: HeaderPairs;
  onChange: (headers: HeaderPairs) => void;
}

/** Editable header lines in order; a name may repeat, as in the request itself. */
export function HeaderRows({ headers, onChange }: HeaderRowsProps) {
  function update(index: number, column: 0 | 1, value: string) {
    onChange(
      headers.map((pair, at) => {
        if (at !== index) return pair;
        return column === 0 ? [value, pair[1]] : [pair[0], value];
      }),
    );
  }

  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">{text.headers}</legend>
      <p className="small text-body-secondary mb-2">{text.headersNote}</p>
      {headers.map(([name, value], index) => (
        // Rows have no identity of their own beyond their place in the list.
        <InputGroup size="sm" className="mb-1" key={index}>
          <Form.Control
            aria-label={text.headerName}
            className="font-monospace"
            style={{ maxWidth: '40%' }}
            value={name}
            onChange={(event) => update(index, 0, event.target.value)}
          />
          <Form.Control
            aria-label={text.headerValue}
            className="font-monospace"
            value={value}
            onChange={(event) => update(index, 1, event.target.value)}
          />
          <Button
            variant="outline-secondary"
            aria-label={text.removeHeader(index)}
            onClick={() => onChange(headers.filter((_pair, at) => at !== index))}
          >
            ×
          </Button>
        </InputGroup>
      ))}
      <Button size="sm" variant="link" className="px-0" onClick={() => onChange([...headers, ['', '']])}>
        {text.addHeader}
      </Button>
    </fieldset>
  );
}
