/** Every text of the branded QR code card, in one place. */
export const qrMessages = {
  title: 'QR code',
  foreground: 'Foreground',
  background: 'Background',
  size: 'Size (pixels)',
  level: 'Error correction',
  previewAlt: (id: string) => `QR code of the short link ${id}`,
  downloadSvg: 'Download SVG',
  downloadPng: 'Download PNG',
  drawing: 'Drawing…',
  failed: 'Could not draw the QR code',
} as const;
