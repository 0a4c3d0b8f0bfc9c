import type { Response } from 'express';
import { pdfDisposition, slug } from './downloads';

let loaded: typeof import('../render/pdf') | null = null;

/**
 * The PDF renderers, loaded by the first document asked for: pdfkit, its font
 * engine and the fonts are a tenth of the server's start-up, and most
 * processes print nothing.
 */
export function pdfRenderers(): typeof import('../render/pdf') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('../render/pdf') as typeof import('../render/pdf'));
}

/**
 * A division's printout's file name: `standings-kup-beograda-open-round-3.pdf` (what, the
 * tournament, the division, the round it stands at).
 */
export function divisionPdfName(
  what: string,
  tournament: { name: string },
  division: { name: string },
  round: number,
): string {
  return `${what}-${slug(tournament.name)}-${slug(division.name, 'division')}-round-${round}.pdf`;
}

/** The headers of a PDF download named `filename`, status 200. */
export const pdfHeaders = (res: Response, filename: string): void => {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', pdfDisposition(filename));
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.status(200);
};

/** A PDF made whole, sent as a download named `filename`. */
export const sendPdf = (res: Response, pdf: Buffer, filename: string): void => {
  pdfHeaders(res, filename);
  res.end(pdf);
};

/** Sent as it is made: a long document (a round's score sheets) is never whole in memory. */
export async function sendPdfAsMade(
  res: Response,
  filename: string,
  write: (out: Response) => Promise<void>,
): Promise<void> {
  pdfHeaders(res, filename);
  try {
    await write(res);
  } catch (e) {
    // Begun, a document cannot turn into an error page: the reader sees it cut short.
    if (!res.headersSent) throw e;
    res.destroy(e as Error);
  }
}
