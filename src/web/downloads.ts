import { lookAlikeKey } from '../i18n/names';

/**
 * A file name part: ASCII letters, digits and dashes (`Beogradski kup` → `beogradski-kup`,
 * `Рејтинг извештај` → `rejting-izvestaj`): Cyrillic in Latin letters, accents dropped.
 */
export function slug(text: string, fallback = 'arbiter'): string {
  const s = lookAlikeKey(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || fallback;
}

/** `Content-Disposition` of a PDF shown in the browser, with an ASCII and a UTF-8 name. */
export function pdfDisposition(filename: string): string {
  return `inline; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
