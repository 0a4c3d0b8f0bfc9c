/** A file name part: ASCII letters, digits and dashes (`Beogradski kup` → `beogradski-kup`). */
export function slug(text: string, fallback = 'arbiter'): string {
  const s = text
    .replace(/[đĐ]/g, 'dj')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || fallback;
}

/** `Content-Disposition` of a PDF shown in the browser, with an ASCII and a UTF-8 name. */
export function pdfDisposition(filename: string): string {
  return `inline; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
