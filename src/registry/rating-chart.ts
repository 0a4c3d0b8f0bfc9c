import { escapeXml } from '../render/escape';

/*
 * A person's rating history as a line chart, made on the server as SVG (no script): one line a
 * rating family through the rating after each rated tournament, the event's date across, the
 * rating up. `chartGeometry` is the figures (scales, ticks, each point's place); `chartSvg`
 * writes them out with the page's words, every text escaped.
 */

/** One rated tournament: the rating after it. */
export interface ChartPoint {
  /** The day the tournament counts as played on, `YYYY-MM-DD`. */
  date: string;
  rating: number;
  /** The event's name, for the point's title. */
  event: string;
}

/** One family's line, its points in date order. */
export interface ChartSeries {
  label: string;
  points: ChartPoint[];
}

/** The drawing's size, in the viewBox's units; the SVG scales to its box's width. */
export const CHART = { width: 400, height: 240, left: 46, right: 14, top: 14, bottom: 34 };

/** Points of a line at most labelled across (more would crowd a phone's width). */
const MAX_X_TICKS = 4;
/** Rating steps the Y axis is marked in: 1, 2 or 5 times a power of ten. */
const STEPS = [1, 2, 5];

export interface PlacedPoint extends ChartPoint {
  x: number;
  y: number;
}

export interface ChartGeometry {
  /** The Y axis: its lowest and highest rating and the ratings marked, each with its height. */
  y: { min: number; max: number; ticks: { value: number; y: number }[] };
  /** The X axis: the dates marked, each with its place and how its label is anchored. */
  x: { ticks: { date: string; x: number; anchor: 'start' | 'middle' | 'end' }[] };
  series: { label: string; points: PlacedPoint[] }[];
}

const DAY = 86_400_000;
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;
/** Two decimals: enough for a drawing, and the same text on every machine. */
const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * A "nice" step for the Y axis: 1, 2 or 5 × 10^k, the smallest that marks `span` in at most
 * `most` steps.
 */
export function niceStep(span: number, most = 5): number {
  if (span <= 0) return 1;
  for (let power = Math.floor(Math.log10(span / most)); ; power++) {
    for (const s of STEPS) {
      const step = s * 10 ** power;
      if (step >= 1 && span / step <= most) return step;
    }
  }
}

/** The chart's figures for `series` (none empty); the caller draws nothing for no points. */
export function chartGeometry(series: readonly ChartSeries[]): ChartGeometry {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) throw new Error('a chart needs at least one point');
  let low = Infinity;
  let high = -Infinity;
  for (const p of all) {
    low = Math.min(low, p.rating);
    high = Math.max(high, p.rating);
  }
  // Equal ratings (or one point) get a band around them, so the line sits in the middle.
  if (low === high) {
    low -= 50;
    high += 50;
  }
  const step = niceStep(high - low);
  const yMin = Math.floor(low / step) * step;
  const yMax = Math.ceil(high / step) * step;
  const plotTop = CHART.top;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const yOf = (r: number): number => round2(plotTop + ((yMax - r) / (yMax - yMin)) * plotHeight);
  const yTicks: { value: number; y: number }[] = [];
  for (let v = yMin; v <= yMax; v += step) yTicks.push({ value: v, y: yOf(v) });

  const dates = [...new Set(all.map((p) => p.date))].sort();
  const first = dayOf(dates[0]);
  const last = dayOf(dates[dates.length - 1]);
  const plotLeft = CHART.left;
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const xOf = (date: string): number =>
    round2(
      first === last
        ? plotLeft + plotWidth / 2
        : plotLeft + ((dayOf(date) - first) / (last - first)) * plotWidth,
    );
  // The first and last date always, and evenly between them as many as fit.
  const shown =
    dates.length <= MAX_X_TICKS
      ? dates
      : Array.from(
          { length: MAX_X_TICKS },
          (_, i) => dates[Math.round((i * (dates.length - 1)) / (MAX_X_TICKS - 1))],
        );
  const xTicks = shown.map((date, i) => ({
    date,
    x: xOf(date),
    anchor:
      shown.length === 1
        ? ('middle' as const)
        : i === 0
          ? ('start' as const)
          : i === shown.length - 1
            ? ('end' as const)
            : ('middle' as const),
  }));
  return {
    y: { min: yMin, max: yMax, ticks: yTicks },
    x: { ticks: xTicks },
    series: series.map((s) => ({
      label: s.label,
      points: s.points.map((p) => ({ ...p, x: xOf(p.date), y: yOf(p.rating) })),
    })),
  };
}

/** Colours of the lines in turn (each readable on white), and a marker shape each. */
export const SERIES_COLOURS = ['#1f5fa8', '#b34700', '#2e7d32', '#8e24aa', '#00796b', '#5d4037'];
const MARKERS = ['circle', 'square', 'diamond', 'triangle'] as const;

/** The marker of the `n`th line at (x, y): a different shape each, not colour alone. */
function marker(n: number, x: number, y: number, colour: string, title: string): string {
  const t = `<title>${escapeXml(title)}</title>`;
  const fill = `fill="${colour}" stroke="#fff" stroke-width="1.5"`;
  switch (MARKERS[n % MARKERS.length]) {
    case 'circle':
      return `<circle class="point" cx="${x}" cy="${y}" r="5" ${fill}>${t}</circle>`;
    case 'square':
      return `<rect class="point" x="${round2(x - 4.5)}" y="${round2(y - 4.5)}" width="9" height="9" ${fill}>${t}</rect>`;
    case 'diamond':
      return `<path class="point" d="M${x} ${round2(y - 6)}L${round2(x + 6)} ${y}L${x} ${round2(y + 6)}L${round2(x - 6)} ${y}Z" ${fill}>${t}</path>`;
    case 'triangle':
      return `<path class="point" d="M${x} ${round2(y - 6)}L${round2(x + 6)} ${round2(y + 5)}L${round2(x - 6)} ${round2(y + 5)}Z" ${fill}>${t}</path>`;
  }
}

/** The words a chart is written with, in the page's language. */
export interface ChartWords {
  /** The whole chart in a sentence (the SVG's accessible name). */
  summary: string;
  /** A date as the page writes it. */
  date: (date: string) => string;
  /** A point's title: the line, the event, its date and the rating. */
  pointTitle: (series: string, p: ChartPoint, date: string) => string;
}

/** The chart as an SVG element that scales to its box's width (every text escaped). */
export function chartSvg(g: ChartGeometry, words: ChartWords): string {
  const right = CHART.width - CHART.right;
  const bottom = CHART.height - CHART.bottom;
  const out: string[] = [
    `<svg class="rating-chart" role="img" aria-label="${escapeXml(words.summary)}" viewBox="0 0 ${CHART.width} ${CHART.height}" width="100%" preserveAspectRatio="xMidYMid meet" font-size="12.5" font-family="inherit">`,
  ];
  for (const t of g.y.ticks) {
    out.push(
      `<line x1="${CHART.left}" x2="${right}" y1="${t.y}" y2="${t.y}" stroke="#d0d0d0" stroke-width="1"/>`,
      `<text x="${CHART.left - 6}" y="${t.y}" text-anchor="end" dominant-baseline="middle" fill="#333">${t.value}</text>`,
    );
  }
  out.push(
    `<line x1="${CHART.left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="#555" stroke-width="1"/>`,
  );
  for (const t of g.x.ticks) {
    out.push(
      `<line x1="${t.x}" x2="${t.x}" y1="${bottom}" y2="${bottom + 5}" stroke="#555" stroke-width="1"/>`,
      `<text x="${t.x}" y="${bottom + 20}" text-anchor="${t.anchor}" fill="#333">${escapeXml(words.date(t.date))}</text>`,
    );
  }
  g.series.forEach((s, n) => {
    const colour = SERIES_COLOURS[n % SERIES_COLOURS.length];
    out.push(`<g class="series" data-series="${escapeXml(s.label)}">`);
    if (s.points.length > 1) {
      out.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round" points="${s.points.map((p) => `${p.x},${p.y}`).join(' ')}"/>`,
      );
    }
    for (const p of s.points) {
      out.push(marker(n, p.x, p.y, colour, words.pointTitle(s.label, p, words.date(p.date))));
    }
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('');
}

/** The legend's swatch of the `n`th line: its colour and marker, for the HTML legend. */
export function legendSwatch(n: number): string {
  return `<svg width="18" height="14" viewBox="0 0 18 14" aria-hidden="true" focusable="false"><line x1="0" x2="18" y1="7" y2="7" stroke="${SERIES_COLOURS[n % SERIES_COLOURS.length]}" stroke-width="2.5"/>${marker(n, 9, 7, SERIES_COLOURS[n % SERIES_COLOURS.length], '').replace('<title></title>', '')}</svg>`;
}
