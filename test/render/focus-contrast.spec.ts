import { readFileSync } from 'fs';
import { join } from 'path';

/**
 * The focus ring's colours, read from the pages' styles, against the backgrounds it is drawn
 * on: WCAG 2.2 asks 3:1 of a focus indicator (issue 36 found the yellow ring alone 1.9:1 on
 * white). A colour changed in the styles is measured here, so a weak one fails.
 */
const VIEWS = join(__dirname, '..', '..', 'views');
const styles = readFileSync(join(VIEWS, 'partials', 'styles.hbs'), 'utf8');
const projector = readFileSync(join(VIEWS, 'public', 'projector.hbs'), 'utf8');

/** WCAG relative luminance of `#rgb` or `#rrggbb`. */
function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The `:root` custom properties of the styles. */
const vars = new Map(
  [...(/:root\s*\{([^}]*)\}/.exec(styles)?.[1] ?? '').matchAll(/--([\w-]+):\s*([^;]+);/g)].map(
    (m) => [m[1], m[2].trim()],
  ),
);

/** A colour as written, `var(--x)` looked up; must come out as a hex colour. */
function colour(value: string): string {
  const name = /^var\(--([\w-]+)\)$/.exec(value.trim())?.[1];
  const hex = name ? vars.get(name) : value.trim();
  if (!hex || !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) {
    throw new Error(`not a hex colour: ${value} (${hex})`);
  }
  return hex;
}

/** The declarations of the first rule whose selector matches `selector`. */
function rule(css: string, selector: RegExp): string {
  for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (selector.test(m[1].replace(/\/\*[\s\S]*?\*\//g, '').trim())) return m[2];
  }
  throw new Error(`no rule for ${selector}`);
}

const property = (decls: string, name: string): string => {
  const m = new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`).exec(decls);
  if (!m) throw new Error(`no ${name} in ${decls}`);
  return m[1].trim();
};

const focus = rule(styles, /^a:focus-visible,.*input:focus-visible/);
const outline = /^(\d+)px solid (.+)$/.exec(property(focus, 'outline'))!;
const shadow = /^0 0 0 (\d+)px (.+)$/.exec(property(focus, 'box-shadow'))!;
const ring = {
  outer: colour(outline[2]),
  outerWidth: Number(outline[1]),
  offset: parseFloat(property(focus, 'outline-offset')),
  inner: colour(shadow[2]),
  innerWidth: Number(shadow[1]),
};

const backgrounds: [string, string][] = [
  ['the page', colour(property(rule(styles, /^body$/), 'background'))],
  ['the header', colour(property(rule(styles, /^header\.site$/), 'background'))],
  ['the skip link', colour(property(rule(styles, /^\.skip:focus$/), 'background'))],
  ['the projector', colour(property(rule(projector, /^body\.projector$/), 'background'))],
];

describe('the focus ring stands out at 3:1 or more wherever it is drawn (WCAG 2.2)', () => {
  test('the contrast is measured as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#fff')).toBe(1);
    // The figure: the yellow ring alone on white, 1.85 (said 1.9:1).
    expect(contrast('#f4b400', '#ffffff')).toBeCloseTo(1.85, 2);
  });

  test('two rings, each at least 2 px, the outer drawn just outside the inner', () => {
    expect(ring.outerWidth).toBeGreaterThanOrEqual(2);
    expect(ring.innerWidth).toBeGreaterThanOrEqual(2);
    // No strip of background between them: the one ring is always against the other.
    expect(ring.offset).toBe(ring.innerWidth);
    expect(contrast(ring.outer, ring.inner)).toBeGreaterThanOrEqual(3);
  });

  test('the dark ring on the white page, the light one on the navy header', () => {
    const page = backgrounds[0][1];
    const header = backgrounds[1][1];
    expect(contrast(ring.outer, page)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring.inner, header)).toBeGreaterThanOrEqual(3);
  });

  test.each(backgrounds)('on %s (%s) one of the rings is 3:1 or more', (_where, background) => {
    expect(
      Math.max(contrast(ring.outer, background), contrast(ring.inner, background)),
    ).toBeGreaterThanOrEqual(3);
  });
});
