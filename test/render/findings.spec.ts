/**
 * Findings in Serbian (Latin and Cyrillic) give the figures, as the English
 * ones do; and no English or internal text (codes, JSON paths, indexes) reaches
 * a Serbian page or record.
 */
import Handlebars from 'handlebars';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import type { Issue, VerificationReport } from '../../src/engine/report/report';
import { isMessageKey, Lang } from '../../src/i18n';
import { gameReportSection } from '../../src/render/game-section';
import { gameRecordPdf } from '../../src/render/pdf';
import { issueLine, presentReport } from '../../src/render/report-view';
import type { GamePage } from '../../src/standings-api/division-page-models';
import { createViewRenderer, findViewsDir, registerViewHelpers } from '../../src/render/views';
import { decode } from '../browser/site';
import { describeWithPoppler, pdfText } from './poppler';
import { FIXTURES, fixtureReport, gameDoc, pageSamples, unknownWordReport } from './samples';

/** A finding with the figures the engine gives (`written`, `computed`, `carried`). */
type WithFigures = Issue & {
  written?: number | string;
  computed?: number | string;
  carried?: number;
};

const report16 = (): VerificationReport =>
  fixtureReport('kvizovka/16-mismatches-racks.report.json');

/** A report whose turn 5 (index 4) has the finding, and the finding itself. */
function withTurnIssue(issue: Partial<WithFigures> & Pick<Issue, 'code'>): VerificationReport {
  const report = fixtureReport('kvizovka/10-challenges-penalties.report.json');
  const turn = report.turns[4];
  turn.issues = [
    {
      severity: 'error',
      message: 'the engine says so in English',
      turn: 4,
      player: turn.player,
      ...issue,
    },
  ];
  return report;
}

const textOf = (report: VerificationReport, lang: Lang): string[] => {
  const view = presentReport(report, lang);
  return [...view.turns.flatMap((t) => t.issues), ...view.gameIssues].map((i) => i.text);
};

describe('the turn table tells a wrong total from a wrong score, and a carried total from a slip', () => {
  it('the verdict points at the squares only when the findings name some for the board to outline', () => {
    // Fixture 16: wrong scores and totals, no square named.
    expect(presentReport(report16(), 'sr-Latn').verdict).toBe(
      'Zapisnik ima neslaganja: pogledajte označene poteze.',
    );
    // The judge's form outlines the flagged plays' squares too: then it points at them.
    expect(gameReportSection(report16(), 'sr-Latn', { highlight: ['H8'] }).report.verdict).toBe(
      'Zapisnik ima neslaganja: pogledajte označene poteze i polja.',
    );
    const placements = fixtureReport('kvizovka/03-illegal-placements.report.json');
    expect(presentReport(placements, 'sr-Latn').highlight.length).toBeGreaterThan(0);
    expect(presentReport(placements, 'en').verdict).toBe(
      'The score sheet has discrepancies: see the marked turns and squares.',
    );
  });

  it('a turn whose score is right and whose total is wrong says "wrong total"', () => {
    const line = (lang: Lang) => presentReport(report16(), lang).turns[3];
    // Turn 4: score 9 as the rules give it, total 25 for 15 + 9 = 24.
    expect(line('sr-Latn')).toMatchObject({ statusLabel: 'pogrešan zbir', flagged: true });
    expect(line('sr-Cyrl').statusLabel).toBe('погрешан збир');
    expect(line('en').statusLabel).toBe('wrong total');
    expect(presentReport(report16(), 'sr-Latn').turns[0].statusLabel).toBe('pogrešni poeni');
  });

  it('a correct turn with a word not in the dictionary is a warning, said once beside the word', () => {
    const report = unknownWordReport();
    const line = presentReport(report, 'sr-Latn').turns[4];
    expect(line).toMatchObject({ statusLabel: 'ispravno', tone: 'warn', flagged: false });
    expect(line.unknownWordNotes).toContain('KUĆAX: nije u rečniku');
    expect(line.statusIssues).toEqual([]);
    expect(line.issues.map((i) => i.code)).toEqual(['UNKNOWN_WORD']);
  });

  it('the status column does not name the status twice: its own finding is not listed under it', () => {
    const turns = presentReport(report16(), 'sr-Latn').turns;
    // Turn 4: the status says "pogrešan zbir"; its finding TOTAL_MISMATCH stays in the list of
    // findings but not under the status. Turn 1 likewise for its wrong score.
    expect(turns[3].issues.map((i) => i.code)).toContain('TOTAL_MISMATCH');
    expect(turns[3].statusIssues.map((i) => i.code)).not.toContain('TOTAL_MISMATCH');
    expect(turns[0].issues.map((i) => i.code)).toContain('SCORE_MISMATCH');
    expect(turns[0].statusIssues.map((i) => i.code)).not.toContain('SCORE_MISMATCH');
    // A finding of another kind stays under the status.
    const placements = presentReport(
      fixtureReport('kvizovka/03-illegal-placements.report.json'),
      'sr-Latn',
    ).turns.find((t) => t.status === 'illegal')!;
    expect(placements.statusIssues.length).toBeGreaterThan(0);
    expect(placements.statusIssues.map((i) => i.code)).toEqual(
      placements.issues.map((i) => i.code),
    );
    // Listed after the status, in its lower case.
    expect(placements.statusIssues[0].label).toMatch(/^\p{Ll}/u);
    expect(placements.issues[0].label).toMatch(/^\p{Lu}/u);
  });

  it("a total that only carries an earlier slip is marked as the slip's, not flagged as wrong", () => {
    // Turn 5: 19 written for 16, so each later total of that player is 3 over (carried 8).
    const turns = presentReport(
      fixtureReport('kvizovka/24-carried-total.report.json'),
      'sr-Latn',
    ).turns;
    expect(turns[4]).toMatchObject({ flagged: true, statusLabel: 'pogrešni poeni' });
    for (const i of [6, 8, 10, 12, 14, 16, 18]) {
      expect(turns[i]).toMatchObject({ flagged: false, tone: 'warn', statusLabel: 'ispravno' });
      expect(turns[i].totalMismatch).toBe(true);
      expect(turns[i].carriedNote).toBe('zbir nosi razliku iz 5. poteza');
    }
    // The other player's totals are right and carry nothing.
    expect(turns[5]).toMatchObject({ flagged: false, tone: 'ok', notes: [] });
  });
});

describe('findings in Serbian give the figures, as the English ones do', () => {
  it("a wrong total says where the sheet's own addition went wrong, as the English message does", () => {
    // Fixture 16, turn 4: total 15 before, score 9 written, total 25 written; 15 + 9 = 24.
    expect(textOf(report16(), 'sr-Latn')).toContain(
      '4. potez (12F M.ČKA): u zapisniku je zbir 25, po pravilima 24 (i sabiranje u zapisniku ne stoji: 15 + 9 = 24)',
    );
    expect(textOf(report16(), 'sr-Cyrl').join('\n')).toContain('15 + 9 = 24');
    // Qwibble takes stolen points off a total: that sum is left to the engine's English message.
    const stolen = textOf({ ...report16(), rules: 'qwibble' }, 'sr-Latn');
    expect(stolen.some((line) => line.includes('u zapisniku je zbir 25'))).toBe(true);
    expect(stolen.join('\n')).not.toContain('sabiranje');
  });
  it('a wrong score: what the sheet wrote, what the rules give, and the later totals that follow from it', () => {
    const report = withTurnIssue({ code: 'SCORE_MISMATCH', written: 18, computed: 13, carried: 3 });
    expect(textOf(report, 'sr-Latn')).toContain(
      '5. potez (12E V.T.E): u zapisniku su poeni 18, po pravilima 13; iz toga slede i kasniji upisani zbirovi, njih 3',
    );
    expect(textOf(report, 'sr-Cyrl')).toContain(
      '5. потез (12E V.T.E): у записнику су поени 18, по правилима 13; из тога следе и каснији уписани збирови, њих 3',
    );
    const one = withTurnIssue({ code: 'SCORE_MISMATCH', written: 18, computed: 13, carried: 1 });
    expect(textOf(one, 'sr-Latn')).toContain(
      '5. potez (12E V.T.E): u zapisniku su poeni 18, po pravilima 13; sledeći upisani zbir sledi iz toga',
    );
    // The play as written names the squares and the word; the rules' figure is made of its words.
    const scored = report16();
    scored.turns[0].issues = [
      {
        code: 'SCORE_MISMATCH',
        severity: 'error',
        message: 'x',
        turn: 0,
        player: 0,
        written: 9,
        computed: 8,
      },
    ];
    expect(textOf(scored, 'sr-Latn')).toContain(
      '1. potez (9F KUĆA): u zapisniku su poeni 9, po pravilima 8 (KUĆA 8)',
    );
    scored.turns[0].bonuses = [{ kind: 'all-tiles', points: 50 }];
    expect(textOf(scored, 'sr-Cyrl')).toContain(
      '1. потез (9F KUĆA): у записнику су поени 9, по правилима 8 (KUĆA 8, све плочице +50)',
    );
    // English keeps the engine's message, which has the arithmetic.
    expect(textOf(report, 'en')).toContain('the engine says so in English');
    // Without the engine's message, English has the same sentence as Serbian.
    const bare = withTurnIssue({ code: 'SCORE_MISMATCH', message: '', written: 18, computed: 13 });
    expect(textOf(bare, 'en')).toContain(
      'turn 5 (12E V.T.E): the sheet says 18 points, the rules give 13',
    );
  });

  it('a game whose end is not written: the turns each player has had, of the rules’ number', () => {
    const report = report16();
    report.players[0].turns = 6;
    report.players[1].turns = 5;
    report.issues = [
      {
        code: 'END_NOT_RECORDED',
        severity: 'warning',
        message: 'End of game: the sheet does not say how the game ended (English)',
        computed: 10,
      },
    ];
    const [ana, bora] = report.players.map((p) => p.name);
    expect(textOf(report, 'sr-Latn')).toContain(
      `Kraj partije: nije upisano kako se partija završila, a nisu svi igrači odigrali po 10 poteza (${ana} 6 od 10, ${bora} 5 od 10); ako je partija gotova, upišite kako se završila`,
    );
    expect(textOf(report, 'sr-Cyrl').join('\n')).toContain(`(${ana} 6 од 10, ${bora} 5 од 10)`);
  });

  it('a wrong total and a wrong final (with the player’s name)', () => {
    const total = withTurnIssue({ code: 'TOTAL_MISMATCH', written: 40, computed: 35, carried: 2 });
    expect(textOf(total, 'sr-Latn')).toContain(
      '5. potez (12E V.T.E): u zapisniku je zbir 40, po pravilima 35; iz toga slede i kasniji upisani zbirovi, njih 2',
    );
    const final = report16();
    final.issues = [
      {
        code: 'FINAL_MISMATCH',
        severity: 'error',
        message: 'x',
        player: 1,
        written: 120,
        computed: 115,
      },
    ];
    expect(textOf(final, 'sr-Latn')).toContain(
      'Kraj partije, Zoran Babić: u zapisniku je konačni rezultat 120, po pravilima 115',
    );
    expect(textOf(final, 'sr-Cyrl')).toContain(
      'Крај партије, Zoran Babić: у записнику је коначни резултат 120, по правилима 115',
    );
  });

  it('cards, racks, clocks, unknown words and placements', () => {
    expect(
      textOf(withTurnIssue({ code: 'CARDS_MISMATCH', written: 5, computed: 6 }), 'sr-Latn'),
    ).toContain('5. potez (12E V.T.E): u zapisniku je broj karata 5, po pravilima 6');
    expect(
      textOf(
        withTurnIssue({ code: 'CARDS_MISMATCH', written: '[2, 1]', computed: '[2, 3]' }),
        'sr-Latn',
      ),
    ).toContain(
      '5. potez (12E V.T.E): u zapisniku su vrednosti karata [2, 1], po pravilima [2, 3]',
    );
    expect(
      textOf(withTurnIssue({ code: 'RACK_MISMATCH', written: 'AEK', computed: 'AEKO' }), 'sr-Latn'),
    ).toContain('5. potez (12E V.T.E): u zapisniku je stalak AEK, po pravilima AEKO');
    const clock = withTurnIssue({
      code: 'CLOCK_EXPIRED',
      severity: 'info',
      written: '01:40',
      computed: '-01:20',
    });
    const name = clock.players[clock.turns[4].player].name;
    expect(textOf(clock, 'sr-Latn')).toContain(
      `5. potez (12E V.T.E), ${name}: sat pokazuje 01:40, posle kazni -01:20, vreme je isteklo i partija je izgubljena bez obzira na rezultat`,
    );
    expect(
      textOf(
        withTurnIssue({
          code: 'UNKNOWN_WORD',
          severity: 'warning',
          word: 'KUĆAX',
          squares: ['F9'],
        }),
        'sr-Latn',
      ),
    ).toContain(
      '5. potez: reč KUĆAX nije u rečniku; odlučuje sudija (igru menja samo upisan prigovor) (polje F9)',
    );
    expect(
      textOf(
        withTurnIssue({ code: 'NOT_CONNECTED', word: 'MAČKA', squares: ['C3', 'D3'] }),
        'sr-Cyrl',
      ),
    ).toContain('5. потез: MAČKA не додирује ниједну плочицу на табли (поља C3, D3)');
  });

  it('a final that follows from a slip says which turn it follows from', () => {
    // Nina writes 10 for an 8 on turn 1 and carries the +2 to the end.
    const report = fixtureReport('kvizovka/10-challenges-penalties.report.json');
    for (const turn of report.turns.filter((t) => t.player === 0)) {
      turn.total = { ...turn.total, claimed: turn.total.computed + 2 };
    }
    report.turns[0].score = { claimed: 10, computed: 8 };
    report.turns[0].issues = [
      {
        code: 'SCORE_MISMATCH',
        severity: 'error',
        message: 'x',
        turn: 0,
        player: 0,
        written: 10,
        computed: 8,
        carried: 4,
      },
    ];
    report.issues = [
      {
        code: 'FINAL_MISMATCH',
        severity: 'error',
        message: 'x',
        player: 0,
        written: 25,
        computed: 23,
      },
    ];
    const text = textOf(report, 'sr-Latn');
    expect(text).toContain(
      'Kraj partije, Nina Vasić: u zapisniku je konačni rezultat 25, po pravilima 23; razlika potiče od greške u 1. potezu',
    );
    // A final off by something else is a slip of its own.
    report.issues[0] = { ...report.issues[0], written: 30 };
    expect(textOf(report, 'sr-Latn')).toContain(
      'Kraj partije, Nina Vasić: u zapisniku je konačni rezultat 30, po pravilima 23',
    );
    expect(textOf(report, 'sr-Latn').join('\n')).not.toContain('potiče');
  });

  it('without figures of its own a finding takes them from its turn and the accounts', () => {
    const report = report16();
    for (const i of [...report.turns.flatMap((t) => t.issues), ...report.issues]) {
      const f = i as WithFigures;
      delete f.written;
      delete f.computed;
    }
    const text = textOf(report, 'sr-Latn');
    expect(text).toContain('1. potez (9F KUĆA): u zapisniku su poeni 9, po pravilima 8 (KUĆA 8)');
    expect(text).toContain(
      '4. potez (12F M.ČKA): u zapisniku je zbir 25, po pravilima 24 (i sabiranje u zapisniku ne stoji: 15 + 9 = 24)',
    );
    expect(text).toContain(
      'Kraj partije, Gordana Jović: u zapisniku je konačni rezultat 18, po pravilima 8',
    );
  });

  it('a challenge names who takes the time penalty', () => {
    const text = textOf(fixtureReport('kvizovka/10-challenges-penalties.report.json'), 'sr-Latn');
    expect(text).toContain(
      '2. potez (F9 .UĆE): Prigovor usvojen: potez povučen; Ognjen Milić dobija kaznu u vremenu od 1 min',
    );
    expect(text).toContain(
      '4. potez (H9 .UPRIJA): Prigovor odbijen; Nina Vasić dobija kaznu u vremenu od 1 min',
    );
  });

  it('a code the tables lack is "a finding" in Serbian, never the code; English may name it', () => {
    const issue: Issue = {
      code: 'SOMETHING_NEW' as never,
      severity: 'warning',
      message: 'new',
      turn: 0,
    };
    expect(issueLine('sr-Latn', issue)).toMatchObject({ label: 'Nalaz', text: '1. potez: Nalaz' });
    expect(issueLine('en', issue).label).toBe('SOMETHING_NEW');
  });
});

// ------------------------------------------------------------------ leaks

/** Every issue code of the engine, read from its type (so a new code needs its words). */
function issueCodes(): string[] {
  const source = readFileSync(
    join(__dirname, '..', '..', 'src', 'engine', 'report', 'report.ts'),
    'utf8',
  );
  const union = /export type IssueCode =([\s\S]*?);/.exec(source)![1];
  return [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]);
}

/** Every report of the golden fixtures. */
function fixtureReports(): [string, VerificationReport][] {
  const out: [string, VerificationReport][] = [];
  for (const dir of readdirSync(FIXTURES)) {
    let files: string[];
    try {
      files = readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.report.json'));
    } catch {
      continue;
    }
    for (const f of files) out.push([`${dir}/${f}`, fixtureReport(`${dir}/${f}`)]);
  }
  return out;
}

/**
 * English words that have no business on a Serbian page (lower case, whole
 * words: names and played words are data and are written in capitals or
 * capitalised).
 */
const ENGLISH = [
  'the',
  'sheet',
  'rules',
  'give',
  'gives',
  'says',
  'turn',
  'turns',
  'player',
  'score',
  'total',
  'withdrawn',
  'challenge',
  'challenged',
  'clock',
  'board',
  'word',
  'words',
  'not',
  'is',
  'and',
  'of',
  'at',
  'penalty',
  'minutes',
  'time',
  'expired',
  'rack',
  'tiles',
  'tile',
  'game',
  'end',
  'cards',
  'points',
  'exchange',
  'pass',
  'correct',
  'illegal',
  'wrong',
  'square',
  'squares',
  'dictionary',
  'finding',
  'winner',
  'draw',
  'left',
  'unscored',
  'error',
  'warning',
  'note',
];

/** What a reader meets on a page: text, and the titles and labels of elements. */
function readable(html: string): string {
  const attrs = [...html.matchAll(/\s(?:title|aria-label|data-label|alt)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  const body = html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
  return decode(`${body} ${attrs.join(' ')}`);
}

function leaks(text: string, codes: string[]): string[] {
  const found: string[] = [];
  if (/\[\d+\]/.test(text)) found.push(`index ${/\S*\[\d+\]\S*/.exec(text)![0]}`);
  for (const code of codes) if (new RegExp(`\\b${code}\\b`).test(text)) found.push(code);
  const snake = /\b[A-Z]+(?:_[A-Z]+)+\b/.exec(text);
  if (snake) found.push(snake[0]);
  for (const w of ENGLISH) {
    const m = new RegExp(`(?<![\\p{L}'’])${w}(?![\\p{L}'’])`, 'u').exec(text);
    if (m) found.push(`"${w}" in …${text.slice(Math.max(0, m.index - 40), m.index + 40)}…`);
  }
  return found;
}

const render = createViewRenderer(Handlebars, findViewsDir());

describe('no English or internal text on a Serbian page', () => {
  const codes = issueCodes();

  it('the check finds what it looks for: an English page is full of it', () => {
    const report = fixtureReport('kvizovka/16-mismatches-racks.report.json');
    const model = {
      ...pageSamples('en')['public/game'],
      sheet: gameReportSection(report, 'en'),
    } as GamePage;
    const found = leaks(readable(render('public/game', model)), codes);
    expect(found.length).toBeGreaterThan(10);
    expect(leaks('turns[3].clock: BAD_NOTATION', codes)).toEqual(
      expect.arrayContaining(['index turns[3].clock:', 'BAD_NOTATION']),
    );
  });

  it('every issue code of the engine has its words in every language', () => {
    expect(codes.length).toBeGreaterThan(40);
    expect(codes.filter((c) => !isMessageKey(`issue.${c}`))).toEqual([]);
  });

  describe.each(['sr-Latn', 'sr-Cyrl', 'hr'] as const)('%s', (lang) => {
    it.each(fixtureReports())('the game page of %s', (_name, report) => {
      const model = {
        ...pageSamples(lang)['public/game'],
        sheet: gameReportSection(report, lang),
      } as GamePage;
      expect(leaks(readable(render('public/game', model)), codes)).toEqual([]);
    });

    it('a finding of a code with no words, a reason and a status the tables lack', () => {
      const report = report16();
      report.turns[0].issues.push({
        code: 'BRAND_NEW' as never,
        severity: 'error',
        message: 'the new thing',
        turn: 0,
      });
      report.turns[1].status = 'some-status' as never;
      report.result.reason = 'by-forfeit' as never;
      report.turns[2].bonuses = [{ kind: 'triple-word-bingo' as never, points: 5 }];
      const model = {
        ...pageSamples(lang)['public/game'],
        sheet: gameReportSection(report, lang),
      } as GamePage;
      const text = readable(render('public/game', model));
      expect(leaks(text, [...codes, 'BRAND_NEW'])).toEqual([]);
      expect(text).not.toMatch(/some-status|by-forfeit|triple-word-bingo/);
    });
  });
});

describe('{{tk}} with a value the tables lack', () => {
  it('shows nothing in Serbian or Croatian and the value in English', () => {
    const hb = Handlebars.create();
    registerViewHelpers(hb);
    const template = hb.compile('[{{tk "reason." reason}}]');
    expect(template({ lang: 'sr-Latn', reason: 'by-forfeit' })).toBe('[]');
    expect(template({ lang: 'sr-Cyrl', reason: 'by-forfeit' })).toBe('[]');
    expect(template({ lang: 'hr', reason: 'by-forfeit' })).toBe('[]');
    expect(template({ lang: 'en', reason: 'by-forfeit' })).toBe('[by-forfeit]');
    expect(template({ lang: 'sr-Latn', reason: 'time-expired' })).toBe(
      '[na vreme: protivniku je isteklo vreme]',
    );
    expect(template({ lang: 'hr', reason: 'time-expired' })).toBe(
      '[na vrijeme: protivniku je isteklo vrijeme]',
    );
  });
});

describeWithPoppler(
  'no English or internal text on a Serbian or Croatian game record (PDF)',
  () => {
    const codes = issueCodes();
    it.each(
      fixtureReports().filter(([name]) =>
        /03-illegal|10-challenges|13-penalty|16-mismatches|18-readings|quivit\/02|scrabble-target\/01/.test(
          name,
        ),
      ),
    )('%s', async (_name, report) => {
      for (const lang of ['sr-Latn', 'sr-Cyrl', 'hr'] as const) {
        expect(leaks(pdfText(await gameRecordPdf(gameDoc(report), lang)), codes)).toEqual([]);
      }
    });
  },
);
