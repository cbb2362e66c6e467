/**
 * The "QR code" card of a link's detail panel: colours, size and error correction, a preview, and
 * SVG and PNG downloads. The server draws both formats (GET /api/urls/{id}/qr), so the app needs no
 * canvas and a script gets the same file; the form checks the colours with the server's rule first.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import {
  QR_DEFAULTS,
  QR_LEVELS,
  QR_LEVEL_LABELS,
  QR_SIZE_MAX,
  QR_SIZE_MIN,
  colourProblem,
  qrPath,
  type QrFormat,
  type QrLevel,
} from '../../../../shared/link-qr';
import { notify } from '../../components/toasts';
import { downloadFile } from '../../lib/download';
import { apiBase, messageOf, send } from '../../lib/http';
import { qrMessages as text } from './messages';

export function LinkQrCard({ linkId }: { linkId: string }) {
  const [fg, setFg] = useState(QR_DEFAULTS.fg);
  const [bg, setBg] = useState(QR_DEFAULTS.bg);
  const [size, setSize] = useState(QR_DEFAULTS.size);
  const [level, setLevel] = useState<QrLevel>(QR_DEFAULTS.level);
  const problem = colourProblem(fg, bg);
  const sizeOk = Number.isInteger(size) && size >= QR_SIZE_MIN && size <= QR_SIZE_MAX;
  const pathOf = (format: QrFormat) => qrPath(linkId, { format, fg, bg, size, level });
  const preview = useQuery({
    queryKey: ['link-qr', linkId, fg, bg, level],
    // A data URL, as the analytics page's code uses: nothing to release afterwards.
    queryFn: async () => {
      const svg = await (await send(qrPath(linkId, { format: 'svg', fg, bg, size: 256, level }))).text();
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    enabled: problem === null,
    staleTime: Infinity,
  });
  const previewUrl = preview.data;

  async function handleDownload(format: QrFormat) {
    try {
      await downloadFile(`${apiBase}${pathOf(format)}`);
    } catch (error) {
      notify.error(messageOf(error, text.failed));
    }
  }

  return (
    <Card data-testid="link-qr">
      <Card.Header as="h3" className="h6">
        {text.title}
      </Card.Header>
      <Card.Body>
        <Row className="g-3 align-items-start">
          <Col xs={12} sm="auto" className="text-center">
            {previewUrl && problem === null ? (
              <img
                src={previewUrl}
                alt={text.previewAlt(linkId)}
                width={140}
                height={140}
                className="rounded border"
              />
            ) : (
              <div className="small text-body-secondary">{preview.isError ? text.failed : text.drawing}</div>
            )}
          </Col>
          <Col>
            <div className="d-flex flex-wrap gap-3">
              <Form.Group controlId={`qr-fg-${linkId}`}>
                <Form.Label className="small mb-1">{text.foreground}</Form.Label>
                <Form.Control type="color" value={fg} onChange={(event) => setFg(event.target.value)} />
              </Form.Group>
              <Form.Group controlId={`qr-bg-${linkId}`}>
                <Form.Label className="small mb-1">{text.background}</Form.Label>
                <Form.Control type="color" value={bg} onChange={(event) => setBg(event.target.value)} />
              </Form.Group>
              <Form.Group controlId={`qr-size-${linkId}`}>
                <Form.Label className="small mb-1">{text.size}</Form.Label>
                <Form.Control
                  type="number"
                  size="sm"
                  min={QR_SIZE_MIN}
                  max={QR_SIZE_MAX}
                  step={32}
                  value={size}
                  isInvalid={!sizeOk}
                  onChange={(event) => setSize(Number(event.target.value))}
                />
                <Form.Control.Feedback type="invalid">
                  {`${QR_SIZE_MIN} to ${QR_SIZE_MAX}`}
                </Form.Control.Feedback>
              </Form.Group>
              <Form.Group controlId={`qr-level-${linkId}`}>
                <Form.Label className="small mb-1">{text.level}</Form.Label>
                <Form.Select
                  size="sm"
                  value={level}
                  onChange={(event) => setLevel(event.target.value as QrLevel)}
                >
                  {QR_LEVELS.map((value) => (
                    <option key={value} value={value}>
                      {QR_LEVEL_LABELS[value]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </div>
            {problem && (
              <p className="small text-danger mt-2 mb-0" role="alert">
                {problem}
              </p>
            )}
            <div className="d-flex gap-2 mt-3">
              {(['svg', 'png'] as const).map((format) => (
                <Button
                  key={format}
                  size="sm"
                  variant="outline-secondary"
                  disabled={problem !== null || !sizeOk}
                  onClick={() => void handleDownload(format)}
                >
                  {format === 'svg' ? text.downloadSvg : text.downloadPng}
                </Button>
              ))}
            </div>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
