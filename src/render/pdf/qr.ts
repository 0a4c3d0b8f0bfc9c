import { create } from 'qrcode';
import type { Doc } from './doc';

/**
 * Draws `text` as a QR code `size` points square at (x, y), with error correction M (a code
 * stays readable with a crease or a pencil mark across it); dark modules as filled squares,
 * runs along a row merged, so that a page of codes stays small.
 */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  // Four modules of quiet zone around the code, as scanners expect.
  const cell = size / (n + 8);
  const left = x + 4 * cell;
  const top = y + 4 * cell;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      doc.rect(left + start * cell, top + r * cell, (c - start) * cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
