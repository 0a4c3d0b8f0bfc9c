import { create } from 'qrcode';
import { PDF_COLOURS, SANS } from './doc';
import type { Doc } from './doc';
import type { SeatCode } from './types';

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

/** The type size of the code under a seat's QR code. */
const LABEL_SIZE = 6;

/**
 * Each seat's code drawn in a row ending at `right`, from seat 1: its QR code `size` points
 * square and under it `1: 7K2M9 QX4TB`. The width taken, for the text beside to keep clear of.
 */
export function drawSeatCodes(
  doc: Doc,
  codes: readonly SeatCode[],
  right: number,
  y: number,
  size = 44,
): number {
  const step = size + 14;
  const width = codes.length * step;
  codes.forEach((c, i) => {
    const x = right - width + i * step;
    drawQr(doc, c.url, x, y - 4, size);
    const label = `${i + 1}: ${c.printed}`;
    const labelWidth = size + 12;
    doc.font(SANS).fontSize(LABEL_SIZE).fillColor(PDF_COLOURS.text);
    // A code of wide letters (W, M) is wider than the QR code at the usual size: smaller
    // type keeps it on one line, where a wrapped code would be copied wrong.
    const natural = doc.widthOfString(label);
    if (natural > labelWidth) doc.fontSize((LABEL_SIZE * labelWidth) / natural);
    doc.text(label, x - 6, y + size - 3, {
      width: labelWidth,
      align: 'center',
      lineBreak: false,
    });
  });
  return width;
}
