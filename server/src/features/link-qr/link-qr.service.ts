/**
 * Draws a short link's QR code with the owner's colours, size and error-correction level. The
 * drawing library (with its PNG encoder) is loaded on the first code drawn rather than at start,
 * where every worker would hold it for a request few make.
 */
import type { QrOptions } from '../../../../shared/link-qr.js';
import type { SessionUser } from '../../../../shared/sessions.js';

export interface QrImage {
  contentType: 'image/svg+xml' | 'image/png';
  fileName: string;
  body: string | Buffer;
}

export interface LinkQrService {
  /** The code of the session's link; NotFoundError when the session has no such link. */
  draw(user: SessionUser, id: string, shortUrl: (id: string) => string, options: QrOptions): Promise<QrImage>;
}

/** Quiet zone in modules: the four the QR standard asks for. */
const MARGIN = 4;

export function createLinkQrService(deps: {
  findLink(user: SessionUser, id: string): Promise<{ id: string }>;
}): LinkQrService {
  return {
    async draw(user, id, shortUrl, options) {
      const link = await deps.findLink(user, id);
      const drawing = {
        width: options.size,
        margin: MARGIN,
        errorCorrectionLevel: options.level,
        color: { dark: options.fg, light: options.bg },
      };
      const fileName = `short-link-${link.id}-qr.${options.format}`;
      const text = shortUrl(link.id);
      const { default: QRCode } = await import('qrcode');
      if (options.format === 'svg')
        return {
          contentType: 'image/svg+xml',
          fileName,
          body: await QRCode.toString(text, { ...drawing, type: 'svg' }),
        };
      return {
        contentType: 'image/png',
        fileName,
        body: await QRCode.toBuffer(text, { ...drawing, type: 'png' }),
      };
    },
  };
}
