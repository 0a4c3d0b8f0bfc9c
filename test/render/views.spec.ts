import Handlebars from 'handlebars';
import { readdirSync, statSync } from 'fs';
import { join } from 'path';
import { LANGUAGES, Lang } from '../../src/i18n';
import { configureViews, createViewRenderer, findViewsDir, withLang } from '../../src/render/views';
import type { StandingsPage } from '../../src/standings-api/division-page-models';
import { pageSamples } from './samples';
import { decode } from '../browser/site';

const VIEWS = findViewsDir();
const render = createViewRenderer(Handlebars, VIEWS);

/** Every page template (not the layout, not partials), as `public/standings`. */
function pageTemplates(): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) {
        if (f !== 'partials' && f !== 'static') walk(p, `${prefix}${f}/`);
      } else if (f.endsWith('.hbs') && !(prefix === '' && f === 'layout.hbs')) {
        out.push(prefix + f.slice(0, -4));
      }
    }
  };
  walk(VIEWS, '');
  return out.sort();
}

describe('views', () => {
  it('there is a sample model for every page template', () => {
    expect(Object.keys(pageSamples('sr-Latn')).sort()).toEqual(pageTemplates());
  });

  describe.each(LANGUAGES)('every page in %s', (lang: Lang) => {
    const samples = pageSamples(lang);
    it.each(Object.keys(samples))(
      '%s renders a whole page, with no script but the sheet form’s, the round results’, the live pages’ and the replay’s',
      (name) => {
        const html = render(name, samples[name]);
        expect(html.startsWith('<!doctype html>')).toBe(true);
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain('<meta name="viewport"');
        expect(html).toContain('</html>');
        // Only the sheet form runs a script: the engine's bundle, and its settings as JSON; and a
        // live page its live-update script.
        expect(html.match(/<script[^>]*>/gi) ?? []).toEqual(
          name === 'judge/scoresheet'
            ? [
                '<script type="application/json" id="sheet-config">',
                '<script src="/assets/sheet-form.js?v&#x3D;0123456789ab" defer>',
              ]
            : name === 'public/replay'
              ? ['<script src="/assets/replay.js?v&#x3D;0123456789ab" defer>']
              : name === 'judge/round-results'
                ? [
                    '<script type="application/json" id="round-config">',
                    '<script src="/assets/round-results.js?v&#x3D;1" defer>',
                  ]
                : 'live' in samples[name] && samples[name].live
                  ? ['<script src="/assets/live.js?v&#x3D;0123456789ab" defer>']
                  : [],
        );
        expect(html).not.toContain('{{');
        expect(html).not.toMatch(/\[object Object\]|undefined|NaN/);
      },
    );
  });

  it('the projector: no header or footer, the next screen in a refresh, live, names sized to fit', () => {
    const html = render('public/projector', pageSamples('sr-Latn')['public/projector']);
    expect(html).toContain(
      '<body class="projector" data-live-events="/divisions/1/events" data-live-revision="7" data-live-said="Stranica je osvežena novim podacima.">',
    );
    expect(html).toContain(
      '<meta http-equiv="refresh" content="15; url=/divisions/1/projector?screen&#x3D;3">',
    );
    expect(html).not.toContain('<header class="site">');
    expect(html).not.toContain('<footer');
    expect(html).toContain('<h1 class="pj-what">Parovi · Kolo 3 · Bez rezultata: 1</h1>');
    expect(html).toContain('<div class="pj-screen">2/3</div>');
    expect(html).toContain('<td class="center res">412 : 380</td>');
    expect(html).toContain('<td class="center res pending">–</td>');
    expect(html).toContain('<td class="longer">Ljubica Njegoš-Džakula Šćepanović</td>');
    expect(html).toContain('<em>slobodan</em>');
  });

  it('public pages show their data: standings, pairings, cross-table, player, list', () => {
    const s = pageSamples('sr-Latn');
    const standings = render('public/standings', s['public/standings']);
    expect(standings).toContain('<a href="/players/3">Đorđe Šćekić</a>');
    expect(standings).toMatch(/<strong>2½<\/strong>[\s\S]*?2-1-1[\s\S]*?\+83[\s\S]*?10:37/);
    expect(standings).toContain('<th class="num hide-narrow">Buholc</th>');
    expect(standings).toContain('<th class="num hide-narrow">Nosilac</th>');
    expect(standings).not.toContain('<th class="num">Razlika</th><th class="num">Razlika</th>');
    expect(standings).toContain('aria-current="page">Poredak</a>');
    expect(standings).toContain('(odustao)');
    const pairings = render('public/pairings', s['public/pairings']);
    expect(pairings).toContain('id="round-3"');
    expect(pairings).toContain('<span class="score nowrap">412 : 380</span>');
    expect(pairings).toContain('<em>slobodan</em>');
    // A bye has nobody to move first against: its row has no first-move mark.
    const byeRow = pairings.split('<tr>').find((row) => row.includes('<em>slobodan</em>'))!;
    expect(byeRow).not.toContain('first-mark');
    expect(pairings).toContain('first-mark');
    expect(pairings).toContain('po preostalom vremenu');
    expect(pairings).toContain('href="#round-2"');
    const cross = render('public/crosstable', s['public/crosstable']);
    expect(cross).toMatch(/<td class="cell (win|loss|draw)">●?\d[PNI] \d+:\d+<\/td>/);
    expect(cross).toContain('<td class="cell bye">S</td>');
    const player = render('public/player', s['public/player']);
    expect(player).toContain('Ljubica Njegoš');
    expect(player).toContain('<td class="num">+19</td>');
    expect(player).toContain('<span class="order">prvi</span> · Sto 2');
    expect(player).toContain('<a href="/games/7">pobeda</a>');
    // the capped game: counted −150, played −247; the running record and spread after it
    expect(player).toMatch(
      /-150 \(-247\)<\/td>[\s\S]*?1–1<\/td>\s*<td class="num hide-narrow">-131<\/td>/,
    );
    expect(player).toContain('najviše ±150 razlike');
    expect(player).toContain('href="/players/4/scorecard.pdf"');
    const wall = render('public/wallchart', s['public/wallchart']);
    expect(wall).toContain('aria-current="page">Zidna tabela</a>');
    expect(wall).toContain(
      '<td class="cell win">●P 4<br><span class="small muted">1–0 +40</span></td>',
    );
    expect(wall).toContain('<tr id="seed-4" class="withdrawn">');
    const list = render('public/tournaments', s['public/tournaments']);
    expect(list).toContain('12. 3. 2026. – 14. 3. 2026.');
    expect(list).toContain('href="/divisions/1/crosstable"');
    expect(list).toContain('Grupe još nisu napravljene.');
  });

  it('the game page draws the board and flags the turns and squares', () => {
    const html = render('public/game', pageSamples('en')['public/game']);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="board"');
    expect(html).toContain('The score sheet has discrepancies');
    expect(html).toContain('Winner: Milica Đorđević, on score');
    expect(html).toMatch(
      /<tr id="turn-2" class="bad" data-status="illegal" data-squares="C3 D3 E3 F3 G3">/,
    );
    expect(html).toMatch(/<tr id="turn-1" class="" data-status="ok">/);
    for (const sq of ['C3', 'F11', 'I9', 'J9']) {
      expect(html).toContain(`class="highlight-mark" data-square="${sq}"`);
    }
    expect(html).toContain('<a href="#turn-3">');
    expect(html).toContain('ĆUPRIJA</span> 12');
  });

  it('a game with a result and no sheet says so', () => {
    const model = { ...pageSamples('sr-Latn')['public/game'], sheet: null };
    const html = render('public/game', model);
    expect(html).toContain('nije unet zapisnik');
    expect(html).not.toContain('<svg');
  });

  it('the sheet form shows each row as typed, the cell that cannot be read marked, its message beside the row', () => {
    const html = render('judge/scoresheet', pageSamples('sr-Latn')['judge/scoresheet']);
    expect(html).toContain('name="position" id="c-0-position" value="9F"');
    expect(html).toContain('name="clock" id="c-1-clock" value="2702"');
    expect(html).toMatch(
      /name="score" id="c-1-score" value="x"[^>]* class="bad" aria-invalid="true" aria-describedby="msg-1"/,
    );
    expect(html).not.toMatch(/id="c-0-score"[^>]*aria-invalid/);
    expect(html).toMatch(/<tr class="row-msg" id="msg-1" data-for="1">[\s\S]*?Upišite ceo broj\./);
    expect(html).toContain('<option value="1" selected>Stefan Nikolić</option>');
    expect(html.match(/<tr class="sheet-row/g)).toHaveLength(20);
    expect(html).toContain('name="intent" value="verify"');
    expect(html).toContain('name="intent" value="save"');
    expect(html).toContain('name="draftVersion" value="2"');
    expect(html.indexOf('id="sheet-rows"')).toBeLessThan(html.indexOf('<svg'));
  });

  it('the import keeps the pasted text exactly', () => {
    const text =
      '\n  { "format": "scoresheet/1", "note": "<b>A & B</b> `x` = \'y\'",\r\n\t"turns": [ ]   \n\n';
    const html = render('judge/scoresheet', {
      ...pageSamples('sr-Latn')['judge/scoresheet'],
      importText: text,
      importError: 'Zapisnik ne može da se pročita (red 2): očekuje se vrednost',
      importOpen: true,
    });
    const m = /<textarea class="sheet" id="import"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
    expect(m).not.toBeNull();
    // The HTML parser drops one newline right after <textarea>: the template puts it there.
    expect(decode(m![1]).replace(/^\n/, '')).toBe(text);
    expect(html).toContain('<details class="sheet-import" open>');
    expect(html).toContain('(red 2)');
    expect(html).not.toContain('<b>A');
  });

  it('forms keep what was typed and mark the wrong field', () => {
    const s = pageSamples('sr-Latn');
    const result = render('judge/result', s['judge/result']);
    expect(result).toContain('name="remainingSecond" value="x"');
    expect(result).toMatch(/name="remainingSecond"[^>]*aria-invalid="true"/);
    expect(result).not.toMatch(/name="remainingFirst"[^>]*aria-invalid/);
    expect(result).toContain('name="version" value="3"');
    expect(result).toContain('value="none" checked');
    expect(result).toContain('Obriši rezultat');
    const players = render('organiser/players', s['organiser/players']);
    expect(players).toContain('name="rating" value="abc"');
    expect(players).toMatch(/name="rating"[^>]*aria-invalid="true"/);
    expect(players).toContain('enctype="multipart/form-data"');
    // The CSV preview: bad lines marked, nothing to import while there are errors.
    expect(players).toMatch(/<tr id="csv-line-3" class="bad">/);
    // Each problem listed links to its line in the table; the page opens at the preview.
    expect(players).toContain('<li class="bad"><a href="#csv-line-3">red 3</a>');
    expect(players).toContain('action="/organiser/divisions/1/players/csv#csv-preview"');
    expect(players).toContain('rejting „abc” nije ceo broj od 0 do 5000');
    expect(players).toContain('Ispravite greške');
    expect(players).not.toContain('Uvezi ');
    const tournaments = render('organiser/tournaments', s['organiser/tournaments']);
    expect(tournaments).toMatch(/name="name" value=""[^>]*required aria-invalid="true"/);
  });

  it('a CSV without errors offers the import with the text in a hidden field', () => {
    const s = pageSamples('en')['organiser/players'] as Record<string, unknown>;
    const text = 'Ana Petrović;NS;1700;1\nMarko;BG;;2\n';
    const { parsePlayersCsv, previewCounts, previewPage } = jest.requireActual(
      '../../src/players/players-csv',
    );
    const preview = previewPage(parsePlayersCsv(text, 'en'));
    const html = render('organiser/players', {
      ...s,
      csv: { text, preview, counts: previewCounts(preview, 'en') },
    });
    expect(html).toContain('2 players are ready to import.');
    expect(html).toContain('Import 2 players');
    // The button comes before the table, which for a big file is 200 lines long.
    expect(html.indexOf('Import 2 players')).toBeLessThan(
      html.indexOf('<table class="data csv-preview"'),
    );
    expect(html).toContain('name="csvText" value="Ana Petrović;NS;1700;1\nMarko;BG;;2\n"');
  });

  it("a big CSV's preview writes its counts as the page's language does (20.000, 20,000)", () => {
    const { parsePlayersCsv, previewCounts, previewPage } = jest.requireActual(
      '../../src/players/players-csv',
    );
    // 20,000 players, one of them without a name (line 15001): 200 lines listed.
    const lines = ['name,club'];
    for (let i = 1; i <= 20000; i++) lines.push(`Igrač ${i},Klub`);
    lines[15000] = ',Klub';
    lines[19990] = 'Igrač 12,Klub'; // a warning: the name of line 13 again
    const text = lines.join('\n');
    for (const [lang, expected] of [
      ['sr-Latn', 'Prikazano: 200 od 20.000 pročitanih redova'],
      ['en', 'Shown here: 200 of the 20,000 lines read'],
    ] as const) {
      const preview = previewPage(parsePlayersCsv(text, lang));
      const html = render('organiser/players', {
        ...pageSamples(lang)['organiser/players'],
        csv: { text: '', preview, counts: previewCounts(preview, lang) },
      });
      expect(html).toContain(expected);
      // A warning links to its line as an error does.
      expect(html).toContain('<li class="warn"><a href="#csv-line-19991">');
      expect(html).toContain('id="csv-line-19991"');
      expect(html).toContain(
        lang === 'en' ? 'Lines not listed: 19,800.' : 'Redova koji nisu prikazani: 19.800.',
      );
    }
  });

  it('organiser pages: pair the next round, swap, results, prints', () => {
    const s = pageSamples('sr-Latn');
    const rounds = render('organiser/rounds', s['organiser/rounds']);
    expect(rounds).toContain('Upari 4. kolo');
    expect(rounds).toContain('<option value="swiss" selected>švajcarski</option>');
    expect(rounds).toContain('name="playerA"');
    expect(rounds).toContain('<option value="8">3: Nikola Tesla</option>');
    expect(rounds).toContain('href="/judge/games/1/result">Ispravi</a>');
    expect(rounds).toContain('href="/judge/games/2/result">Upiši rezultat</a>');
    expect(rounds).toContain('href="/divisions/1/rounds/3/sheets.pdf"');
    expect(rounds).toContain('<p class="small based-on">Upareno prema poretku posle 2. kola</p>');
    // A round that cannot be paired yet: why, with the figures, and no button.
    const blocked = render('organiser/rounds', {
      ...s['organiser/rounds'],
      pairBlocked: {
        message: '4. kolo još ne može da se upari: nedostaje 1 rezultat 2. kola (sto 2).',
        basis: 'Uparuje se prema poretku posle 2. kola (pomak 1).',
      },
    });
    expect(blocked).toContain(
      '<p>4. kolo još ne može da se upari: nedostaje 1 rezultat 2. kola (sto 2). Uparuje se prema poretku posle 2. kola (pomak 1).</p>',
    );
    expect(blocked).not.toContain('Upari 4. kolo');
    const t = render('organiser/tournament', s['organiser/tournament']);
    expect(t).toContain('<option value="kvizovka" selected>Kvizovka</option>');
    expect(t).toContain('3 / 7');
  });

  it('word check: one verdict for the play, never which word failed', () => {
    const html = render('judge/word-check', pageSamples('en')['judge/word-check']);
    expect(html).toContain('data-verdict="INVALID"');
    expect(html).toContain('INVALID: at least one word');
    expect(html).toContain('value="LJUBAV NJIVA"');
    const off = render('judge/word-check', {
      ...pageSamples('en')['judge/word-check'],
      available: false,
    });
    expect(off).toContain('No dictionary is available');
    expect(off).not.toContain('<form class="stack"');
  });

  it('the language switch links this page in each language; Cyrillic pages are Cyrillic', () => {
    const s = pageSamples('sr-Cyrl');
    const html = render('public/standings', s['public/standings']);
    expect(html).toContain('href="/divisions/1/standings?lang=sr-Latn"');
    expect(html).toContain('href="/divisions/1/standings?lang=en"');
    expect(html).toMatch(
      /href="\/divisions\/1\/standings\?lang=sr-Cyrl" hreflang="sr-Cyrl" lang="sr-Cyrl" aria-current="true">Ћирилица/,
    );
    expect(html).toContain('>Поредак</a>');
    expect(html).toContain('Допунски критеријуми');
    expect(withLang('/p?round=3#x', 'en')).toBe('/p?round=3&lang=en#x');
    expect(withLang('/p?lang=en', 'sr-Cyrl')).toBe('/p?lang=sr-Cyrl');
  });

  it("a bye is said beside the player's name, so that points and P-N-I add up", () => {
    const s = pageSamples('sr-Latn');
    const page = s['public/standings'] as StandingsPage;
    const rows = page.rows.map((r, i) => (i === 0 ? { ...r, byes: 1 } : r));
    expect(render('public/standings', { ...page, rows })).toContain('(slobodan: 1)');
  });

  it('signed-in users see their links and a sign-out form; others a sign-in link', () => {
    const s = pageSamples('sr-Latn');
    const judge = render('judge/result', s['judge/result']);
    expect(judge).toContain('<form method="post" action="/sign-out">');
    expect(judge).toContain('href="/judge"');
    expect(judge).not.toContain('href="/organiser"');
    const org = render('organiser/rounds', s['organiser/rounds']);
    expect(org).toContain('href="/organiser"');
    const anon = render('public/standings', s['public/standings']);
    expect(anon).toContain('href="/sign-in"');
  });

  it('an unknown translation key fails loudly', () => {
    const hb = Handlebars.create();
    configureViews(hb, VIEWS);
    expect(() => hb.compile('{{t "no.such.key"}}')({ lang: 'en' })).toThrow(/no translation key/);
  });

  it('works through hbs as Nest renders it (layout.hbs around the page)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const hbs = require('hbs') as {
      handlebars: typeof Handlebars;
      __express: (
        file: string,
        options: object,
        cb: (err: Error | null, html?: string) => void,
      ) => void;
    };
    configureViews(hbs.handlebars, VIEWS);
    const model = pageSamples('en')['public/standings'];
    const html = await new Promise<string>((resolve, reject) =>
      hbs.__express(
        join(VIEWS, 'public', 'standings.hbs'),
        { ...model, settings: { views: VIEWS } },
        (err, out) => (err ? reject(err) : resolve(out!)),
      ),
    );
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<th class="num hide-narrow">Buchholz</th>');
  });
});
