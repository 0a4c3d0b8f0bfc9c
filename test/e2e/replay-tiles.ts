import { decode } from '../browser/site';

/** The tiles an SVG board draws: square → letter(s), as the page shows them (upper case). */
export function svgTiles(html: string): Map<string, string> {
  const tiles = new Map<string, string>();
  const tile =
    /<g class="sq tile[^"]*" data-square="([A-Z]+\d+)"><title>[^<]*<\/title>[\s\S]*?<text [^>]*font-weight="bold"[^>]*>([^<]+)<\/text>/g;
  for (const m of html.matchAll(tile)) tiles.set(m[1], decode(m[2]));
  return tiles;
}

/** The tiles of engine board rows (`.` empty, `#` blocker), square → letter(s) upper case. */
export function rowTiles(rows: readonly string[]): Map<string, string> {
  const tiles = new Map<string, string>();
  rows.forEach((row, r) =>
    row.split(' ').forEach((cell, c) => {
      if (cell !== '.' && cell !== '#')
        tiles.set(`${String.fromCharCode(65 + c)}${r + 1}`, cell.toUpperCase());
    }),
  );
  return tiles;
}
