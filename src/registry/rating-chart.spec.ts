import { CHART, chartGeometry, chartSvg, ChartSeries, niceStep } from './rating-chart';

const top = CHART.top;
const bottom = CHART.height - CHART.bottom;
const left = CHART.left;
const right = CHART.width - CHART.right;
const middle = (left + right) / 2;

const line = (label: string, ...points: [string, number][]): ChartSeries => ({
  label,
  points: points.map(([date, rating], i) => ({ date, rating, event: `${label} ${i + 1}` })),
});

describe('niceStep', () => {
  it.each([
    [100, 5, 20],
    [7, 5, 2],
    [3, 5, 1],
    [1, 5, 1],
    [0, 5, 1],
    [240, 5, 50],
    [1000, 5, 200],
    [1001, 5, 500],
    [30, 3, 10],
  ])('a span of %d in at most %d steps: %d', (span, most, step) => {
    expect(niceStep(span, most)).toBe(step);
  });
});

describe('chartGeometry', () => {
  it.each([
    // ratings → [y min, y max, ticks]
    [[1500, 1560], 1500, 1560, [1500, 1520, 1540, 1560]],
    [[1503, 1547], 1500, 1550, [1500, 1510, 1520, 1530, 1540, 1550]],
    [[1500], 1440, 1560, [1440, 1460, 1480, 1500, 1520, 1540, 1560]],
    [[1500, 1500, 1500], 1440, 1560, [1440, 1460, 1480, 1500, 1520, 1540, 1560]],
    [[900, 2100], 500, 2500, [500, 1000, 1500, 2000, 2500]],
  ])('ratings %j: the Y axis from %d to %d, marked at %j', (ratings, min, max, ticks) => {
    const g = chartGeometry([
      line('a', ...ratings.map((r, i): [string, number] => [`2026-0${i + 1}-01`, r])),
    ]);
    expect(g.y.min).toBe(min);
    expect(g.y.max).toBe(max);
    expect(g.y.ticks.map((t) => t.value)).toEqual(ticks);
    // The lowest mark at the bottom of the plot, the highest at its top.
    expect(g.y.ticks[0].y).toBe(bottom);
    expect(g.y.ticks[g.y.ticks.length - 1].y).toBe(top);
  });

  it('places one point in the middle across and in the middle of its band up', () => {
    const g = chartGeometry([line('a', ['2026-05-01', 1500])]);
    expect(g.series[0].points[0]).toMatchObject({ x: middle, y: (top + bottom) / 2 });
    expect(g.x.ticks).toEqual([{ date: '2026-05-01', x: middle, anchor: 'middle' }]);
  });

  it('puts equal ratings on one level line in the middle', () => {
    const g = chartGeometry([line('a', ['2026-01-01', 1600], ['2026-02-01', 1600])]);
    const ys = g.series[0].points.map((p) => p.y);
    expect(ys).toEqual([(top + bottom) / 2, (top + bottom) / 2]);
    expect(g.series[0].points.map((p) => p.x)).toEqual([left, right]);
  });

  it('spaces the points by their dates, not by their order', () => {
    const g = chartGeometry([
      line('a', ['2026-01-01', 1500], ['2026-01-11', 1510], ['2026-02-10', 1520]),
    ]);
    const [a, b, c] = g.series[0].points;
    expect(a.x).toBe(left);
    expect(c.x).toBe(right);
    // 10 days of 40.
    expect(b.x).toBeCloseTo(left + (right - left) / 4, 1);
    expect(a.y).toBeGreaterThan(b.y);
    expect(b.y).toBeGreaterThan(c.y);
  });

  it.each([
    [1, ['2026-01-01']],
    [2, ['2026-01-01', '2026-01-02']],
    [4, ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']],
    [7, ['2026-01-01', '2026-01-03', '2026-01-05', '2026-01-07']],
    [10, ['2026-01-01', '2026-01-04', '2026-01-07', '2026-01-10']],
  ])('%d dates: marks %j, the first anchored at its start, the last at its end', (n, shown) => {
    const points: [string, number][] = Array.from({ length: n }, (_, i) => [
      `2026-01-${String(i + 1).padStart(2, '0')}`,
      1500 + i,
    ]);
    const g = chartGeometry([line('a', ...points)]);
    expect(g.x.ticks.map((t) => t.date)).toEqual(shown);
    if (n > 1) {
      expect(g.x.ticks[0].anchor).toBe('start');
      expect(g.x.ticks[g.x.ticks.length - 1].anchor).toBe('end');
    }
  });

  it('shares the scales between the lines of two families', () => {
    const g = chartGeometry([
      line('a', ['2026-01-01', 1400], ['2026-03-01', 1450]),
      line('b', ['2026-02-01', 1700]),
    ]);
    expect(g.y.min).toBe(1400);
    expect(g.y.max).toBe(1700);
    expect(g.series[0].points[0].x).toBe(left);
    expect(g.series[0].points[1].x).toBe(right);
    expect(g.series[1].points[0].y).toBe(top);
    expect(g.series[1].points[0].x).toBeGreaterThan(left);
    expect(g.series[1].points[0].x).toBeLessThan(right);
  });

  it('refuses a chart of no points', () => {
    expect(() => chartGeometry([line('a')])).toThrow();
  });
});

describe('chartSvg', () => {
  const words = {
    summary: 'Rating <history> & "more"',
    date: (d: string) => d.split('-').reverse().join('.'),
    pointTitle: (s: string, p: { event: string; rating: number }, date: string) =>
      `${s}: ${p.event}, ${date}, ${p.rating}`,
  };

  it('names itself as an image and titles each point, every text escaped', () => {
    const svg = chartSvg(
      chartGeometry([line('<b>K&K</b>', ['2026-01-01', 1500], ['2026-02-01', 1520])]),
      words,
    );
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('aria-label="Rating &lt;history&gt; &amp; &quot;more&quot;"');
    expect(svg).toContain('viewBox="0 0 400 240" width="100%"');
    expect(svg).not.toContain('<b>');
    expect(svg.match(/class="point"/g)).toHaveLength(2);
    expect(svg).toContain(
      '<title>&lt;b&gt;K&amp;K&lt;/b&gt;: &lt;b&gt;K&amp;K&lt;/b&gt; 2, 01.02.2026, 1520</title>',
    );
    expect(svg).toContain('<polyline');
  });

  it('draws one point without a line, each family with its own marker', () => {
    const svg = chartSvg(
      chartGeometry([line('a', ['2026-01-01', 1500]), line('b', ['2026-01-01', 1600])]),
      words,
    );
    expect(svg).not.toContain('<polyline');
    expect(svg).toContain('<circle class="point"');
    expect(svg).toContain('<rect class="point"');
  });
});
