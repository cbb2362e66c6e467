/**
 * Branded QR codes of short links: colours, size, error-correction level and format, checked the
 * same way by the form and by `GET /api/urls/{id}/qr`. Dark modules must stay darker than the
 * background, with a contrast of at least 3:1: many scanners read nothing else.
 */
import { z } from 'zod';

export const QR_FORMATS = ['svg', 'png'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];
export const QR_LEVEL_LABELS: Record<QrLevel, string> = {
  L: 'L: about 7% may be damaged',
  M: 'M: about 15%',
  Q: 'Q: about 25%',
  H: 'H: about 30% (room for a logo)',
};
export const QR_SIZE_MIN = 128;
export const QR_SIZE_MAX = 2048;
export const QR_SIZE_DEFAULT = 512;
export const QR_MIN_CONTRAST = 3;
export const QR_DEFAULTS = { fg: '#000000', bg: '#ffffff', size: QR_SIZE_DEFAULT, level: 'M' as QrLevel };

const HEX = /^#[0-9a-fA-F]{6}$/;
const HEX_MESSAGE = 'a colour as #rrggbb, e.g. #1a2b3c.';

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Why these colours would not scan, as `{"error"}` text without the field; null when they are fine. */
export function colourProblem(fg: string, bg: string): string | null {
  if (luminance(fg) >= luminance(bg))
    return 'The foreground must be darker than the background: many scanners do not read light-on-dark codes.';
  const ratio = contrastRatio(fg, bg);
  if (ratio < QR_MIN_CONTRAST)
    return `The colours need a contrast of at least ${QR_MIN_CONTRAST}:1 to scan; these have ${ratio.toFixed(1)}:1.`;
  return null;
}

const sizeMessage = `a whole number of pixels from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}.`;

export const qrQuerySchema = z
  .object({
    format: z.enum(QR_FORMATS, { error: 'one of svg, png.' }).default('svg'),
    fg: z.string().regex(HEX, HEX_MESSAGE).default(QR_DEFAULTS.fg),
    bg: z.string().regex(HEX, HEX_MESSAGE).default(QR_DEFAULTS.bg),
    size: z.coerce
      .number({ error: sizeMessage })
      .int(sizeMessage)
      .min(QR_SIZE_MIN, sizeMessage)
      .max(QR_SIZE_MAX, sizeMessage)
      .default(QR_SIZE_DEFAULT),
    level: z.enum(QR_LEVELS, { error: 'one of L, M, Q, H.' }).default('M'),
  })
  .superRefine((query, context) => {
    const problem = colourProblem(query.fg, query.bg);
    if (problem) context.addIssue({ code: 'custom', path: ['fg'], message: problem });
  });
export type QrOptions = z.output<typeof qrQuerySchema>;

/** The API path of a link's QR code with these options. */
export function qrPath(linkId: string, options: QrOptions): string {
  const query = new URLSearchParams({
    format: options.format,
    fg: options.fg,
    bg: options.bg,
    size: String(options.size),
    level: options.level,
  });
  return `/api/urls/${encodeURIComponent(linkId)}/qr?${query.toString()}`;
}
