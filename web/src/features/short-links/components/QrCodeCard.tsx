/** A QR code of the short URL, drawn by `qrcode` as a PNG, with a download link. */
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { Card, Spinner } from 'react-bootstrap';
import { messages } from '../messages';

export function QrCodeCard({ id, shortUrl }: { id: string; shortUrl: string }) {
  const qr = useQuery({
    queryKey: ['qr-code', shortUrl],
    queryFn: () => QRCode.toDataURL(shortUrl, { margin: 2, width: 240 }),
    staleTime: Infinity,
  });
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6">
        {messages.qrCode}
      </Card.Header>
      <Card.Body className="text-center">
        {qr.isPending && <Spinner animation="border" size="sm" aria-hidden="true" />}
        {qr.isError && <p className="text-body-secondary mb-0">{messages.qrFailed}</p>}
        {qr.data && (
          <>
            {/* Dark modules on white in both themes, so every scanner reads it. */}
            <img
              src={qr.data}
              alt={messages.qrAlt(shortUrl)}
              width={160}
              height={160}
              className="bg-white rounded"
            />
            <div className="mt-2">
              <a
                href={qr.data}
                download={`short-link-${id}-qr.png`}
                className="btn btn-sm btn-outline-secondary"
              >
                {messages.downloadQr}
              </a>
            </div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
