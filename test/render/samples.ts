import type { SheetFormPage } from '../../src/sheet-form/page';
import type { OrganiserPlayerEditPage, OrganiserPlayersPage } from '../../src/players/players-page';
import type { OrganiserPersonEditPage } from '../../src/registry/person-edit-pages.controller';
import { chartGeometry, chartSvg, legendSwatch } from '../../src/registry/rating-chart';
/**
 * Sample data for the rendering tests: what a controller would fill. Names
 * carry every letter that needs the embedded font: Č Ć Đ Š Ž, the digraphs
 * DŽ LJ NJ, and Cyrillic.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { findRuleSet, Scoresheet } from '../../src/engine';
import type { VerificationReport } from '../../src/engine/report/report';
import {
  checkForm,
  checkSection,
  emptyRow,
  padRows,
  sheetLayout,
  sheetToForm,
} from '../../src/sheet-form';
import { formView, sheetTexts } from '../../src/sheet-form/view';
import type { Lang } from '../../src/i18n';
import { gameReportSection } from '../../src/render/game-section';
import { parsePlayersCsv, previewCounts, previewPage } from '../../src/players/players-csv';
import type {
  GameRecordDocument,
  PairingsDocument,
  ScoreSheetsDocument,
  StandingsDocument,
} from '../../src/render/pdf/types';
import type * as V from '../../src/render/view-models';
import type {
  CrossTablePage,
  GamePage,
  PairingsPage,
  PlayerPage,
  StandingsPage,
  WallChartPage,
} from '../../src/standings-api/division-page-models';
import type { ReplayPage } from '../../src/standings-api/replay-page-models';
import type { DeskPage, TableCodePage } from '../../src/table-codes/table-code-page-models';
import type { ErrorPage } from '../../src/web/error-page-models';
import type {
  OrganiserDivisionPage,
  OrganiserTournamentPage,
  OrganiserTournamentsPage,
  TournamentsPage,
} from '../../src/tournaments/tournament-page-models';
import type { OrganiserLogPage } from '../../src/log/log-page';
import type { OrganiserImportPage } from '../../src/exchange/exchange-page-models';
import type { OrganiserRoundsPage } from '../../src/rounds/round-page-models';
import type {
  ResultFormPage,
  RoundResultsPage,
  TableResultFormPage,
} from '../../src/results/result-page-models';
import type { SignInPage } from '../../src/auth/sign-in-page-models';
import type { WordCheckPage } from '../../src/words/word-page-models';
import type { ProjectorPage } from '../../src/standings-api/live-pages.controller';
import type { OrganiserBackupsPage } from '../../src/backup/backups-page.controller';
import type { JobPage } from '../../src/jobs/job-pages.controller';
import { organiserPrizesSample, prizeListSample } from './prize-samples';
import { entrySamples } from './entry-samples';
import { accessSamples } from './access-samples';
import { accountSamples } from './account-samples';

export const FIXTURES = join(__dirname, '..', 'fixtures');

export function fixtureReport(name: string): VerificationReport {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as VerificationReport;
}

/** The illegal-placements game: six flagged turns, squares named. */
export const ILLEGAL = (): VerificationReport =>
  fixtureReport('kvizovka/03-illegal-placements.report.json');
/** LJ/NJ tiles and jokers on the board. */
export const DIGRAPHS = (): VerificationReport =>
  fixtureReport('kvizovka/09-digraphs-jokers-cyrillic.report.json');

/**
 * The challenges game with its fifth turn a correct play of KUĆAX, a word not in the
 * dictionary at F9: a warning, said beside the word.
 */
export function unknownWordReport(): VerificationReport {
  const report = fixtureReport('kvizovka/10-challenges-penalties.report.json');
  const turn = report.turns[4];
  turn.status = 'ok';
  turn.words = [{ word: 'KUĆAX', score: 9, known: false, position: 'F9', main: true }];
  turn.issues = [
    {
      code: 'UNKNOWN_WORD',
      severity: 'warning',
      message: 'KUĆAX at F9 is not in the dictionary',
      word: 'KUĆAX',
      turn: 4,
      player: turn.player,
    },
  ];
  return report;
}

export const PLAYERS = [
  { name: 'Ana Petrović', club: 'Novi Sad' },
  { name: 'Marko Jovanović', club: 'Beograd' },
  { name: 'Đorđe Šćekić', club: 'Čačak' },
  { name: 'Ljubica Njegoš', club: 'Džep' },
  { name: 'Љиљана Ђурђевић', club: 'Ниш' },
  { name: 'Žarko Ćosić', club: null },
  { name: 'Džemal Ljajić', club: 'Novi Pazar' },
  { name: 'Nikola Tesla', club: 'Smiljan' },
];

export const HEADER = {
  tournament: 'Kup Srbije 2026',
  division: 'Prva liga',
  subtitle: '12–14. 3. 2026, Novi Sad',
};

export const pairingsDoc = (): PairingsDocument => ({
  ...HEADER,
  round: 3,
  tables: [
    {
      table: 1,
      first: PLAYERS[0],
      second: PLAYERS[1],
      result: { scores: [412, 380], winner: 'first' },
    },
    { table: 2, first: PLAYERS[2], second: PLAYERS[3] },
    { table: 3, first: PLAYERS[6], second: PLAYERS[5] },
    { table: 4, first: PLAYERS[4], second: null },
  ],
});

export const sheetsDoc = (games = 3): ScoreSheetsDocument => ({
  ...HEADER,
  round: 3,
  rulesName: 'Kvizovka',
  clockMinutes: 30,
  turnsPerPlayer: 10,
  games: Array.from({ length: games }, (_, i) => ({
    table: i + 1,
    first: PLAYERS[(2 * i) % PLAYERS.length],
    second: PLAYERS[(2 * i + 1) % PLAYERS.length],
  })),
});

export const gameDoc = (report = ILLEGAL()): GameRecordDocument => ({
  ...HEADER,
  round: 3,
  table: 1,
  rules: report.rules,
  report,
});

export const standingsDoc = (): StandingsDocument => {
  const rows = PLAYERS.map((p, i) => ({
    rank: i + 1,
    name: p.name,
    club: p.club,
    points: 3 - i * 0.5 >= 0 ? 3 - i * 0.5 : 0,
    wins: Math.max(0, 3 - i),
    draws: i % 2,
    losses: Math.min(3, i),
    spread: 120 - 37 * i,
    remainingSeconds: 600 + 37 * i,
    tieBreaks: [120 - 37 * i, 600 + 37 * i, 7.5 - i, -(i + 1)],
    active: i !== 7,
  }));
  return {
    ...HEADER,
    throughRound: 3,
    tieBreaks: ['spread', 'remaining-time', 'buchholz', 'seed'],
    rows,
    crossTable: {
      rounds: 3,
      rows: rows.map((r, i) => ({
        rank: r.rank,
        name: r.name,
        points: r.points,
        cells: [1, 2, 3].map((round) =>
          round === 3 && i === 4
            ? { opponentRank: null, outcome: 'bye' as const }
            : {
                opponentRank: ((i + round) % PLAYERS.length) + 1,
                outcome: (['win', 'loss', 'draw'] as const)[(i + round) % 3],
                score: 400 + i * 3,
                opponentScore: 390 - round,
                first: round % 2 === 0,
              },
        ),
      })),
    },
  };
};

// ---------------------------------------------------------------- pages

const site: V.SiteLinks = {
  home: '/',
  signIn: '/sign-in',
  signOut: '/sign-out',
  judge: '/judge',
  organiser: '/organiser',
};

const base = (lang: Lang, title: string, path: string, user?: V.SignedInUser): V.PageBase => ({
  lang,
  title,
  path,
  site,
  user: user ?? null,
  crumbs: [{ label: HEADER.tournament, url: '/tournaments/1' }],
});

const judge: V.SignedInUser = { name: 'Sudija Šarić', role: 'judge' };
const organiser: V.SignedInUser = { name: 'Organizator Đokić', role: 'organiser' };

const divisionBase = (lang: Lang, title: string, path: string) => ({
  ...base(lang, title, path),
  tournament: { name: HEADER.tournament, url: '/tournaments/1' },
  division: { name: HEADER.division, rules: 'Kvizovka' },
  tabs: {
    standings: '/divisions/1/standings',
    pairings: '/divisions/1/pairings',
    crosstable: '/divisions/1/crosstable',
    wallchart: '/divisions/1/wallchart',
  },
  prints: [
    { label: 'Poredak (PDF)', url: '/divisions/1/standings.pdf' },
    { label: 'Parovi (PDF)', url: '/divisions/1/rounds/3/pairings.pdf' },
  ],
});

const game: V.GameHeading = {
  round: 3,
  table: 1,
  first: { name: 'Milica Đorđević', url: '/players/5' },
  second: { name: 'Stefan Nikolić', url: '/players/6' },
};

/** One sample model per template, by template name. */
export function pageSamples(lang: Lang): Record<string, object> {
  const standings = standingsDoc();
  const tournaments: TournamentsPage = {
    ...base(lang, 'Turniri', '/'),
    crumbs: [],
    tournaments: [
      {
        name: HEADER.tournament,
        startDate: '2026-03-12',
        endDate: '2026-03-14',
        place: 'Novi Sad',
        entries: {
          text: 'Prijave su otvorene do 10. 3. 2026. 20:00 (Europe/Belgrade).',
          enterUrl: '/tournaments/1/enter',
          listUrl: '/tournaments/1/entries',
        },
        divisions: [
          {
            name: HEADER.division,
            rules: 'Kvizovka',
            players: 8,
            rounds: 7,
            standingsUrl: '/divisions/1/standings',
            pairingsUrl: '/divisions/1/pairings',
            crosstableUrl: '/divisions/1/crosstable',
          },
        ],
      },
      { name: 'Zimski skrabl', startDate: '2026-12-20', place: 'Beograd', divisions: [] },
    ],
  };
  const standingsPage: StandingsPage = {
    ...divisionBase(lang, `${HEADER.division}: poredak`, '/divisions/1/standings'),
    throughRound: 3,
    tieBreaks: ['spread', 'remaining-time', 'buchholz', 'seed'],
    rows: standings.rows.map((r, i) => ({
      ...r,
      club: r.club ?? null,
      url: `/players/${i + 1}`,
      tieBreaks: [...r.tieBreaks],
      active: r.active !== false,
    })),
  };
  const pairingsPage: PairingsPage = {
    ...divisionBase(lang, `${HEADER.division}: parovi`, '/divisions/1/pairings'),
    rounds: [
      {
        number: 3,
        basedOn: 'Upareno prema poretku posle 1. kola',
        pending: 2,
        games: pairingsDoc().tables.map((g) => ({
          table: g.table,
          first: { name: g.first.name, url: '/players/1' },
          second: g.second ? { name: g.second.name, url: '/players/2' } : null,
          result: g.result
            ? { scores: [g.result.scores![0], g.result.scores![1]], winner: g.result.winner }
            : null,
          gameUrl: `/games/${g.table}`,
        })),
      },
      {
        number: 2,
        pending: 0,
        games: [
          {
            table: 1,
            first: { name: PLAYERS[3].name },
            second: { name: PLAYERS[0].name },
            result: { scores: [350, 350], winner: 'first', reason: 'time-tiebreak' },
          },
        ],
      },
    ],
  };
  const crossPage: CrossTablePage = {
    ...divisionBase(lang, `${HEADER.division}: ukrštena tabela`, '/divisions/1/crosstable'),
    rounds: 3,
    rows: standings.crossTable!.rows.map((r, i) => ({
      rank: r.rank,
      name: r.name,
      url: `/players/${i + 1}`,
      points: r.points ?? 0,
      cells: [...r.cells],
    })),
  };
  const wallChartPage: WallChartPage = {
    ...divisionBase(lang, `${HEADER.division}: zidna tabela`, '/divisions/1/wallchart'),
    rounds: 3,
    rows: PLAYERS.slice(0, 4).map((p, i) => ({
      seed: i + 1,
      name: p.name,
      url: `/players/${i + 1}`,
      active: i !== 3,
      record: i === 0 ? '2½–½' : '1–2',
      spread: i === 0 ? 120 : -40,
      cells: [
        { top: `●P ${4 - i}`, bottom: '1–0 +40', outcome: 'win' },
        { top: `N ${((i + 2) % 4) + 1}`, bottom: '1½–½ +40', outcome: 'draw' },
        i === 3
          ? { top: 'odust.', bottom: '1½–½ +40', outcome: '' }
          : { top: `●Ik ${((i + 1) % 4) + 1}`, bottom: '1½–1½ -10', outcome: 'loss' },
      ],
    })),
  };
  const playerPage: PlayerPage = {
    ...base(lang, PLAYERS[3].name, '/players/4'),
    tournament: { name: HEADER.tournament, url: '/tournaments/1' },
    division: { name: HEADER.division, url: '/divisions/1/standings' },
    player: {
      name: PLAYERS[3].name,
      club: 'Džep',
      rating: 1650,
      seed: 4,
      active: true,
      rank: 4,
      points: 1.5,
      spread: 9,
    },
    lines: [
      {
        round: 1,
        table: 2,
        opponent: { name: PLAYERS[0].name, url: '/players/1', seed: 1 },
        order: 'prvi',
        outcome: 'win',
        result: 'pobeda',
        score: 420,
        opponentScore: 401,
        // 420 − 401 = +19
        spreadText: '+19',
        record: '1–0',
        runningSpread: 19,
        gameUrl: '/games/7',
      },
      {
        round: 2,
        table: 1,
        opponent: { name: PLAYERS[5].name, url: '/players/6', seed: 6 },
        order: 'drugi',
        outcome: 'loss',
        result: 'poraz',
        score: 333,
        opponentScore: 580,
        // 333 − 580 = −247, capped at −150; 19 − 150 = −131
        spreadText: '-150 (-247)',
        record: '1–1',
        runningSpread: -131,
      },
      {
        round: 3,
        opponent: null,
        order: '',
        outcome: 'bye',
        result: 'slobodan',
        spreadText: '+50',
        record: '2–1',
        runningSpread: -81,
      },
      {
        round: 4,
        opponent: { name: PLAYERS[2].name, url: '/players/3', seed: 3 },
        order: '',
        outcome: 'loss',
        result: 'poraz (kontumacijom)',
        spreadText: '-50',
        record: '2–2',
        runningSpread: -131,
      },
      {
        round: 5,
        opponent: null,
        order: '',
        outcome: '',
        result: 'izostao',
        spreadText: '',
        record: '2–2',
        runningSpread: -131,
      },
      {
        round: 6,
        table: 2,
        opponent: { name: PLAYERS[2].name, url: '/players/3', seed: 3 },
        order: 'prvi',
        outcome: '',
        result: 'igra se',
        spreadText: '',
        record: '2–2',
        runningSpread: -131,
      },
    ],
    spreadCap: 150,
    printUrl: '/players/4/scorecard.pdf',
  };
  const check = gameReportSection(ILLEGAL(), lang);
  const gamePage: GamePage = {
    ...base(lang, `${game.first.name} – ${game.second.name}`, '/games/1'),
    game,
    result: { scores: [20, 0], winner: 'first' },
    sheet: check,
    printUrl: '/games/1/record.pdf',
    replayUrl: '/games/1/replay',
  };
  const replayLine = check.report.turns[0];
  const replayPage: ReplayPage = {
    ...base(
      lang,
      `${game.first.name} – ${game.second.name}: potez po potez`,
      '/games/1/replay?turn=1',
    ),
    game,
    gameUrl: '/games/1',
    gcgUrl: '/games/1/replay.gcg',
    turn: 1,
    total: 2,
    heading: 'Potez 1 od 2',
    boardSvg: check.boardSvg ?? '',
    legend: check.legend,
    players: [
      { name: game.first.name, total: 20, clock: '28:40', mover: true },
      { name: game.second.name, total: 0, clock: '', mover: false },
    ],
    line: replayLine,
    playHeader: check.report.headers.play,
    findings: replayLine.issues,
    rulings: [{ words: 'KUĆA, PSA', verdict: 'NIJE DOZVOLJENO', valid: false, by: 'Sudija Šarić' }],
    first: { label: 'Početak', url: '/games/1/replay?turn=0' },
    previous: { label: 'Prethodni', url: '/games/1/replay?turn=0' },
    next: { label: 'Sledeći', url: '/games/1/replay?turn=2' },
    last: { label: 'Kraj', url: '/games/1/replay?turn=2' },
    turns: [0, 1, 2].map((n) => ({
      turn: n,
      label: n === 0 ? 'Početak' : String(n),
      url: `/games/1/replay?turn=${n}`,
      current: n === 1,
    })),
    formAction: '/games/1/replay',
    scriptUrl: '/assets/replay.js?v=0123456789ab',
  };
  const sheetText =
    '{\n  "format": "scoresheet/1",\n  "rules": "kvizovka",\n  "players": ["Milica Đorđević", "Stefan Nikolić"],\n  "turns": [\n    { "player": 0, "play": "9F KUĆA", "score": 8 }\n  ]\n}\n';
  // The sheet form as the judge's page builds it: the rows of the sheet, one more row typed with
  // a score that is no number, the findings placed on their cells.
  const sheetDoc = JSON.parse(sheetText) as Scoresheet;
  const layout = sheetLayout(findRuleSet('kvizovka')!, sheetDoc.players);
  const typed = sheetToForm(sheetDoc, layout);
  typed.rows.push({ ...emptyRow(1), position: 'G8', word: 'R.KA', score: 'x', clock: '2702' });
  const formCheck = checkForm(typed, layout, lang, null);
  const scoresheetPage: SheetFormPage = {
    ...base(lang, 'Unos zapisnika', '/judge/games/1/scoresheet', judge),
    game,
    action: '/judge/games/1/scoresheet?v=3',
    form: formView({ ...typed, rows: padRows(typed.rows, layout) }, layout, lang, formCheck.flags),
    texts: sheetTexts(lang),
    check: checkSection(formCheck, layout, lang),
    canSave: true,
    saved: false,
    notice: null,
    conflict: null,
    draftVersion: 2,
    importText: sheetText,
    importError: null,
    importProblems: null,
    importOpen: false,
    unfinished: null,
    links: true,
    resultUrl: '/judge/games/1/result',
    wordCheckUrl: '/judge/word-check?rules=kvizovka',
    scriptUrl: '/assets/sheet-form.js?v=0123456789ab',
    configJson: '{"lang":"sr-Latn"}',
  };
  const csvText =
    'ime;klub;rejting;nosilac\nAna Petrović;Novi Sad;1700;1\n;Beograd;1500;2\nĐorđe Šćekić;Čačak;abc;3\nLjubica Njegoš;Džep;1600;1\n';
  return {
    'public/tournaments': tournaments,
    'public/standings': standingsPage,
    'public/pairings': pairingsPage,
    'public/crosstable': crossPage,
    'public/player': playerPage,
    'public/person': {
      ...base(lang, 'Ana Petrović', '/persons/3'),
      person: {
        id: 3,
        name: 'Ana Petrović',
        club: 'Novi Sad',
        country: 'SRB',
        federationId: 'SRB-771',
      },
      mergeAction: '/organiser/persons/3/merge',
      editUrl: '/organiser/persons/3/edit',
      showRatings: true,
      ratings: [{ family: 'Kvizovka', url: '/ratings?family=kvizovka', rating: 1602, games: 52 }],
      history: {
        svg: chartSvg(
          chartGeometry([
            {
              label: 'Kvizovka',
              points: [
                { date: '2026-10-10', rating: 1580, event: 'Jesenji turnir' },
                { date: '2026-11-22', rating: 1602, event: HEADER.tournament },
              ],
            },
          ]),
          {
            summary:
              'Grafikon rejtinga posle svakog turnira: Kvizovka od 1580 do 1602 kroz 2 turnira.',
            date: (d) => d,
            pointTitle: (f, p, d) => `${f}: ${p.event}, ${d}, rejting ${p.rating}`,
          },
        ),
        legend: [{ family: 'Kvizovka', swatch: legendSwatch(0) }],
        manyFamilies: true,
        rows: [
          {
            date: '2026-10-10',
            tournament: 'Jesenji turnir',
            tournamentUrl: '/tournaments/2',
            family: 'Kvizovka',
            rating: 1580,
            change: '',
          },
          {
            date: '2026-11-22',
            tournament: HEADER.tournament,
            tournamentUrl: '/tournaments/1',
            family: 'Kvizovka',
            rating: 1602,
            change: '+22',
          },
        ],
      },
      statistics: {
        games: 1,
        families: [
          {
            family: 'Kvizovka',
            games: 1,
            average: '412',
            longWords: { label: 'Duge reči (od 10 slova)', n: 1 },
            bingos: 1,
            highestPlay: { text: '86 poena: 8D ZADOVOLJNIH', url: '/games/1' },
            timeInWins: '05:00',
          },
        ],
      },
      anyReplay: true,
      events: [
        {
          startsOn: '2026-11-21',
          tournament: HEADER.tournament,
          tournamentUrl: '/tournaments/1',
          division: 'Prva liga',
          playerUrl: '/players/1',
          family: 'Kvizovka',
          wins: 2,
          draws: 1,
          losses: 0,
        },
      ],
      games: [
        {
          tournament: HEADER.tournament,
          round: 1,
          opponent: 'Đorđe Šćekić',
          opponentUrl: '/persons/4',
          outcome: 'win',
          result: 'pobeda',
          gameUrl: '/games/1',
          replayUrl: '/games/1/replay',
          replayLabel: 'Partija 1. kola, potez po potez',
          score: 412,
          opponentScore: 380,
        },
      ],
    },
    'public/rating-report': {
      ...base(lang, 'Rejting izveštaj', '/tournaments/1/ratings'),
      closed: true,
      formula: 'Elo: K × (W − E)',
      pdfUrl: '/tournaments/1/ratings.pdf',
      families: [
        {
          title: 'Rejting: Kvizovka',
          starts:
            'Polazni rejtinzi: 1 igrač s rejting liste, 0 s rejtingom iz prijave, 1 s prvim rejtingom.',
          empty: false,
          lines: [
            {
              name: 'Ana Petrović',
              url: '/persons/3',
              division: 'Prva liga',
              old: 'lista 1600',
              games: 2,
              score: '1,5',
              expected: '1,4',
              performance: '1650',
              k: '20',
              change: '+2',
              changeTone: 'up',
              new: 1602,
            },
            {
              name: 'Dule',
              url: '/persons/5',
              division: 'Prva liga',
              old: 'prvi rejting',
              games: 2,
              score: '1',
              expected: '',
              performance: '1500',
              k: '',
              change: '',
              changeTone: '',
              new: 1500,
            },
          ],
        },
      ],
    },
    'public/rating-list': {
      ...base(lang, 'Rejting lista · Kvizovka', '/ratings?family=kvizovka'),
      families: [
        { name: 'Kvizovka', url: '/ratings?family=kvizovka', current: true },
        { name: 'Scrabble (English)', url: '/ratings?family=scrabble-en', current: false },
      ],
      csvUrl: '/api/ratings.csv?family=kvizovka',
      lines: [
        {
          rank: 1,
          name: 'Ana Petrović',
          url: '/persons/3',
          club: 'Novi Sad',
          country: 'SRB',
          federationId: 'SRB-771',
          rating: 1602,
          games: 52,
        },
      ],
      importAction: '/organiser/ratings/import',
      help: 'CSV',
      csvText: 'name,family,rating\n',
      importErrors: ['Red 2: igra „šah” nije jedna od: kvizovka'],
    },
    'public/projector': {
      ...base(lang, 'Za projektor · Prva liga', '/divisions/1/projector?screen=2'),
      crumbs: [],
      projector: true,
      live: {
        events: '/divisions/1/events',
        revision: 7,
        script: '/assets/live.js?v=0123456789ab',
      },
      refresh: { seconds: 15, url: '/divisions/1/projector?screen=3' },
      heading: `${HEADER.tournament} · ${HEADER.division}`,
      caption: 'Parovi · Kolo 3 · Bez rezultata: 1',
      screen: 2,
      screens: 3,
      pairings: [
        [
          {
            table: 1,
            first: { name: 'Milica Đorđević', fit: '' },
            second: { name: 'Stefan Nikolić', fit: '' },
            result: '412 : 380',
          },
          {
            table: 2,
            first: { name: 'Ljubica Njegoš-Džakula Šćepanović', fit: 'longer' },
            second: { name: 'Đorđe Šćekić', fit: '' },
            result: null,
          },
          { table: 3, first: { name: 'Žarko Džepić', fit: '' }, second: null, result: null },
        ],
      ],
      standings: null,
      empty: false,
    } satisfies ProjectorPage,
    'public/wallchart': wallChartPage,
    'public/game': gamePage,
    'public/replay': replayPage,
    'judge/sign-in': {
      ...base(lang, 'Prijava', '/sign-in'),
      action: '/sign-in',
      username: 'sudija',
      failed: true,
      next: '/judge',
    } satisfies SignInPage,
    'judge/scoresheet': scoresheetPage,
    'judge/result': {
      ...base(lang, 'Rezultat', '/judge/games/1/result', judge),
      game,
      action: '/judge/games/1/result',
      values: {
        scoreFirst: 412,
        scoreSecond: '',
        remainingFirst: '03:24',
        remainingSecond: 'x',
        timeLoss: 'none',
      },
      errors: [{ field: 'remainingSecond', message: 'mm:ss' }],
      version: 3,
      correction: true,
      clearAction: '/judge/games/1/result/clear',
      sheetUrl: '/judge/games/1/scoresheet',
    } satisfies ResultFormPage,
    'judge/desk': {
      ...base(lang, 'Sudijski sto, 3. kolo', '/judge/divisions/1/rounds/3/desk', judge),
      action: '/judge/divisions/1/rounds/3/desk',
      resultsUrl: '/judge/divisions/1/rounds/3/results',
      counts:
        'Zapisnik se ne slaže s pravilima: 1 · čeka potvrdu: 1 · bez rezultata: 0 · gotovo: 4',
      tables: [
        {
          table: 2,
          players: 'Ana Petrović – Bora Ilić',
          status: 'zapisnik se ne slaže s pravilima',
          tone: 'bad',
          sheetUrl: '/judge/games/8/scoresheet',
          submissions: [
            {
              id: 14,
              line: 'Poslao(la) Ana Petrović (1. mesto) · program je našao grešaka: 1; pogledaće ga sudija',
              sheet: check,
            },
          ],
        },
        {
          table: 1,
          players: 'Vesna Đurić – Goran Šarić',
          status: 'rezultat upisan',
          tone: 'ok',
          sheetUrl: '/judge/games/7/scoresheet',
          submissions: [],
        },
      ],
      errors: [],
      texts: {
        accept: 'Upiši kao rezultat',
        giveBack: 'Vrati stolu',
        note: 'Zašto se vraća (igrači će to videti)',
        correct: 'Zapisnik ove partije u obrascu za sudije',
        viewSheet: 'Pogledajte zapisnik: potezi, poeni, nalazi i tabla',
      },
    } satisfies DeskPage,
    'public/table-code': {
      ...base(lang, 'Zapisnik sa stola', '/t/7K2M9QX4TB'),
      game,
      you: 'Vaš kod: Bora Ilić, 2. mesto za stolom',
      sheetUrl: '/t/7K2M9QX4TB/sheet',
      confirmAction: '/t/7K2M9QX4TB/confirm',
      gameUrl: '/games/1',
      submissions: [
        {
          id: 12,
          from: 'Poslao(la) Ana Petrović (1. mesto)',
          verdict: 'slaže se s pravilima',
          ok: true,
          state: 'čeka potvrdu: Bora Ilić',
          confirmable: true,
          sheet: check,
        },
        {
          id: 11,
          from: 'Poslao(la) Ana Petrović (1. mesto)',
          verdict: 'program je našao grešaka: 2; pogledaće ga sudija',
          ok: false,
          state: 'sudija ga je vratio: 7. potez: reč je upisana kao H8, a na tabli je 8H',
          confirmable: false,
        },
      ],
      errors: [],
      texts: {
        send: 'Pošaljite zapisnik',
        sheets: 'Poslati zapisnici',
        none: 'Sa ovog stola još nije poslat zapisnik.',
        confirm: 'Potvrđujem ovaj zapisnik',
        open: 'Pogledajte partiju',
        viewSheet: 'Pogledajte zapisnik: potezi, poeni, nalazi i tabla',
      },
    } satisfies TableCodePage,
    'judge/table-result': {
      ...base(lang, 'Rezultat', '/judge/games/7/result', judge),
      game: {
        round: 2,
        table: 1,
        first: { name: 'Ana Petrović', url: '/players/1' },
        second: { name: 'Bora Ilić', url: '/players/2' },
        seats: ['Ana Petrović', 'Bora Ilić', 'Vesna Đurić'].map((name, i) => ({
          seat: i + 1,
          player: { name, url: `/players/${i + 1}` },
          score: null,
          remaining: null,
          cards: null,
          place: null,
        })),
      },
      action: '/judge/games/7/result',
      version: 2,
      correction: false,
      help: 'Upišite konačan rezultat svakog igrača za stolom, redom kojim su igrali.',
      rows: ['Ana Petrović', 'Bora Ilić', 'Vesna Đurić'].map((name, i) => ({
        seat: i + 1,
        name,
        absent: { name: `absent${i + 1}`, label: `Nije došao: ${name}`, checked: i === 2 },
        score: {
          name: `score${i + 1}`,
          label: `Poeni: ${name}`,
          value: i === 1 ? '' : 210 - i * 20,
        },
        clock: { name: `clock${i + 1}`, label: `Preostalo vreme: ${name}`, value: '02:00' },
      })),
      targetFirst: {
        value: 'none',
        options: [
          { value: 'none', label: 'niko' },
          { value: '1', label: 'Ana Petrović' },
          { value: '2', label: 'Bora Ilić' },
          { value: '3', label: 'Vesna Đurić' },
        ],
      },
      errors: [{ field: 'score2', message: 'obavezno' }],
    } satisfies TableResultFormPage,
    'judge/round-results': {
      ...base(lang, 'Rezultati 2. kola', '/judge/divisions/1/rounds/2/results', judge),
      action: '/judge/divisions/1/rounds/2/results',
      lines: '1 345 367 3:24 0:45\n2 f1',
      clocks: true,
      figures: false,
      rows: [
        {
          table: 1,
          gameId: 7,
          version: 2,
          players: 'Ana Petrović – Bora Ilić',
          kind: {
            name: 't1_kind',
            label: 'Ishod',
            value: '',
            options: [
              { value: '', label: 'Odigrana partija' },
              { value: 'f1', label: 'Izostanak: Ana Petrović' },
            ],
          },
          scores: [
            { name: 't1_s1', label: 'Poeni: Ana Petrović', value: '345' },
            { name: 't1_s2', label: 'Poeni: Bora Ilić', value: '367' },
          ],
          clocks: [
            { name: 't1_c1', label: 'Preostalo vreme: Ana Petrović', value: '03:24' },
            { name: 't1_c2', label: 'Preostalo vreme: Bora Ilić', value: '00:45' },
          ],
          figures: [],
          timeLoss: {
            name: 't1_tl',
            label: 'Isteklo vreme',
            value: '',
            options: [{ value: '', label: 'niko' }],
          },
          state: '345 : 367',
          sheet: {
            text: 'Overen zapisnik 345–367',
            url: '/judge/games/7/scoresheet',
            confirm: {
              name: 't1_ok',
              label: 'Zameni rezultat zapisnika',
              value: '1',
              checked: false,
            },
          },
          message: { text: 'Pobeda: Bora Ilić', bad: false },
        },
      ],
      errors: [{ field: '', message: 'Sto 2: Nedostaju poeni sedišta 1.' }],
      scriptUrl: '/assets/round-results.js?v=1',
      configJson: '{}',
    } satisfies RoundResultsPage,
    'judge/word-check': {
      ...base(lang, 'Provera reči', '/judge/word-check', judge),
      action: '/judge/word-check',
      rules: 'Kvizovka',
      words: 'LJUBAV NJIVA',
      available: true,
      dictionary: 'sr-kvizovka',
      verdict: 'INVALID',
    } satisfies WordCheckPage,
    'organiser/import': {
      ...base(lang, 'Uvoz turnira iz datoteke', '/organiser/import', organiser),
      uploadAction: '/organiser/import',
      limit: '100 MB',
      problems: ['polje divisions[0].players[2].federationId: federation id R-17 is used twice'],
      preview: {
        fileName: 'kup-beograda-2026-2026-12-04.arbiter.json',
        source: HEADER.tournament,
        exportedAt: '4. 12. 2026. 18:20',
        closedOn: '2026-03-14',
        prizes: 'nagrada za mesta: 3, klasa: 1, posebnih nagrada: 2',
        federationIds: 6,
        logEntries: 40,
        divisions: [
          {
            name: HEADER.division,
            rules: 'Kvizovka',
            players: 8,
            rounds: 7,
            games: 28,
            results: 28,
            sheets: 12,
          },
        ],
        totals: { players: 8, rounds: 7, games: 28, results: 28, sheets: 12 },
        confirmAction: '/organiser/import/confirm',
        upload: 'AbCdEfGhIjKlMnOpQrStUvWx',
        name: `${HEADER.tournament} (kopija)`,
        errors: [{ field: 'name', message: 'obavezno' }],
      },
    } satisfies OrganiserImportPage,
    'organiser/tournaments': {
      ...base(lang, 'Organizator', '/organiser', organiser),
      tournaments: [
        {
          name: HEADER.tournament,
          url: '/organiser/tournaments/1',
          startDate: '2026-03-12',
          place: 'Novi Sad',
          role: 'vlasnik',
        },
        {
          name: `${HEADER.tournament} (kopija)`,
          url: '/organiser/tournaments/2',
          startDate: '2026-03-12',
          place: 'Novi Sad',
          copyOf: HEADER.tournament,
          role: 'sudija',
        },
      ],
      createAction: '/organiser/tournaments',
      admin: true,
      importUrl: '/organiser/import',
      values: { name: '' },
      errors: [{ field: 'name', message: 'obavezno' }],
    } satisfies OrganiserTournamentsPage,
    'organiser/tournament': {
      ...base(lang, HEADER.tournament, '/organiser/tournaments/1', organiser),
      copyOf: HEADER.tournament,
      tournament: {
        name: HEADER.tournament,
        place: 'Novi Sad',
        startDate: '2026-03-12',
        endDate: '2026-03-14',
        publicUrl: '/',
        logUrl: '/organiser/tournaments/1/log',
        entriesUrl: '/organiser/tournaments/1/entries',
        exportUrl: '/organiser/tournaments/1/export',
      },
      divisions: [
        {
          name: HEADER.division,
          rules: 'Kvizovka',
          system: 'swiss',
          players: 8,
          rounds: 7,
          roundsPaired: 3,
          playersUrl: '/organiser/divisions/1/players',
          roundsUrl: '/organiser/divisions/1/rounds',
          settingsUrl: '/organiser/divisions/1/settings',
          tshUrl: '/api/divisions/1/tsh',
          wallchartUrl: '/divisions/1/wallchart',
          scorecardsUrl: '/divisions/1/scorecards.pdf',
        },
      ],
      divisionAction: '/organiser/tournaments/1/divisions',
      tsh: {
        action: '/organiser/tournaments/1/divisions/tsh',
        name: 'Scrabble',
        rules: 'scrabble-en',
        text: 'Petrović, Ana 1850 2; 432; p12 1\nJovanović, Marko 1790 1;\n',
        errors: [],
        problems: ['red 2, rezultati: 1. kolo: nema rezultata, a protivnik (igrač 1) ga ima'],
      },
      timeZone: {
        action: '/organiser/tournaments/1/time-zone',
        value: 'America/New_York',
        server: 'Europe/Belgrade',
        zones: ['America/New_York', 'Europe/Belgrade', 'Europe/London'],
        version: 3,
        errors: [],
      },
      copyAction: '/organiser/tournaments/1/copy',
      copyValues: { name: 'Kup 2027', players: true },
      ruleSets: [
        { value: 'kvizovka', label: 'Kvizovka' },
        { value: 'scrabble-en', label: 'Scrabble (English)' },
      ],
      systems: ['swiss', 'round-robin', 'king-of-the-hill'],
      values: { rules: 'kvizovka', system: 'swiss', rounds: 7 },
    } satisfies OrganiserTournamentPage,
    'organiser/division': {
      ...base(
        lang,
        `${HEADER.division}: podešavanja`,
        '/organiser/divisions/1/settings',
        organiser,
      ),
      division: {
        name: HEADER.division,
        rules: 'Kvizovka',
        clockMinutes: 30,
        roundsPaired: 3,
        tshUrl: '/api/divisions/1/tsh',
      },
      action: '/organiser/divisions/1/settings',
      systems: ['swiss', 'round-robin', 'king-of-the-hill'],
      pairingLags: [
        { value: '0', label: 'posle prethodnog kola (čekaju se svi rezultati)', selected: false },
        { value: '1', label: 'kolo ranije (pomak 1)', selected: true },
        { value: '2', label: 'dva kola ranije (pomak 2)', selected: false },
      ],
      values: {
        rounds: 8,
        system: 'swiss',
        byeSpread: 50,
        spreadCap: 300,
        kothLastRounds: 1,
        maxMeetings: 2,
        pairingLag: 1,
        avoidSameClub: true,
        gibsonize: false,
      },
      byeSpreadLocked: true,
      tableSizes: [2],
      version: 4,
      confirm: {
        changes: [
          { setting: 'Broj kola', before: '7', after: '8' },
          { setting: 'Najveća razlika jedne partije', before: 'bez ograničenja', after: '300' },
        ],
      },
    } satisfies OrganiserDivisionPage,
    'organiser/log': {
      ...base(lang, 'Dnevnik direktora turnira', '/organiser/tournaments/1/log', organiser),
      tournament: { name: HEADER.tournament, url: '/organiser/tournaments/1' },
      divisions: [
        { id: 1, name: HEADER.division, selected: true },
        { id: 2, name: 'B grupa', selected: false },
      ],
      filterAction: '/organiser/tournaments/1/log',
      entries: [
        {
          when: '25. 11. 2026. 14:05',
          who: 'Sudija Janković',
          email: 'sudija@example.org',
          what: 'Ispravljen rezultat: 2. kolo, sto 1 (Ana – Bora)',
          changes: [{ field: 'poeni', before: '420 : 380', after: '400 : 380' }],
        },
        {
          when: '25. 11. 2026. 10:00',
          who: 'bez prijavljenog korisnika',
          email: null,
          what: `Uklonjen igrač ${PLAYERS[7].name}`,
          restoreAction: '/organiser/tournaments/1/log/9/restore',
          changes: [{ field: 'nosilac', before: '8', after: '—' }],
        },
        {
          when: '25. 11. 2026. 10:00',
          who: 'bez prijavljenog korisnika',
          email: null,
          what: 'Upareno 1. kolo',
          changes: [{ field: 'sistem', before: '', after: 'švajcarski' }],
        },
        {
          when: '25. 11. 2026. 16:40',
          who: 'Organizator Đurić',
          email: 'org@example.org',
          what: 'Poništeno 2. kolo',
          changes: [{ field: 'sistem', before: 'švajcarski', after: '—' }],
          removed: {
            counts: 'Uklonjeno: stolova 2, rezultata 1, zapisnika 1, započetih zapisnika 0',
            tables: [
              {
                line: `Sto 1: ${PLAYERS[0].name} – ${PLAYERS[1].name}, 420 : 380 (po poenima; zapisnik)`,
                sheet: '{ "format": "scoresheet/1", "rules": "kvizovka" }',
                draft: null,
                history: ['25. 11. 2026. 15:10 Sudija Janković: unet zapisnik 420 : 380'],
              },
              {
                line: `Sto 2: ${PLAYERS[2].name} – ${PLAYERS[3].name}, čeka se rezultat`,
                sheet: null,
                draft: null,
                history: [],
              },
            ],
          },
        },
      ],
      olderUrl: '/organiser/tournaments/1/log?before=7',
      newestUrl: '/organiser/tournaments/1/log',
    } satisfies OrganiserLogPage,
    'organiser/job': {
      ...base(lang, 'Uvoz rejting liste', '/organiser/jobs/3f2a', organiser),
      running: 'Uvoz je u toku; stranica se sama osvežava.',
      percent: 42,
      percentText: '42 %',
      phase: 'Provereno redova: 8.400 od 20.000',
      errors: [],
      links: [],
    } satisfies JobPage,
    'organiser/backups': {
      ...base(lang, 'Rezervne kopije', '/organiser/backups', organiser),
      text: {
        intro: 'Arbiter pravi rezervnu kopiju baze posle svakog uparenog kola.',
        take: 'Napravi rezervnu kopiju sada',
        when: 'Kada',
        why: 'Zašto',
        size: 'Veličina',
        download: 'Preuzmi',
        none: 'Još nema rezervnih kopija.',
        restoreTitle: 'Vraćanje kopije',
        restore: 'Zaustavite server, pa pokrenite:',
        restoreCommand:
          'npx arbiter restore data/backups/arbiter-2026-11-25T05-10-03-123Z-round-paired.sqlite',
        restoreAfter: 'Zatim ponovo pokrenite server.',
        postgres: 'Baza je na serveru baza podataka: kopije pravi alat tog servera. Kopija:',
        postgresRestore: 'Vraćanje kopije u praznu bazu:',
        startCommand: 'npm start',
        dumpCommand: 'pg_dump --format=custom --file=arbiter.dump "$DATABASE_URL"',
        pgRestoreCommand: 'pg_restore --dbname="$DATABASE_URL" arbiter.dump',
      },
      sqlite: {
        takeAction: '/organiser/backups',
        backups: [
          {
            name: 'arbiter-2026-11-25T05-10-03-123Z-round-paired.sqlite',
            when: '25. 11. 2026. 06:10',
            why: 'posle uparivanja kola',
            size: '240 KB',
            url: '/api/backups/arbiter-2026-11-25T05-10-03-123Z-round-paired.sqlite',
          },
        ],
      },
    } satisfies OrganiserBackupsPage,
    'organiser/players': {
      ...base(lang, 'Prijava igrača', '/organiser/divisions/1/players', organiser),
      tournament: { name: HEADER.tournament, url: '/organiser/tournaments/1' },
      division: { name: HEADER.division, roundsUrl: '/organiser/divisions/1/rounds' },
      players: PLAYERS.map((p, i) => ({
        name: p.name,
        club: p.club,
        rating: 1500 + 10 * i,
        seed: i + 1,
        active: i !== 7,
        withdrawAction: `/organiser/players/${i + 1}/withdraw`,
        removeAction: i === 7 ? `/organiser/players/${i + 1}/remove` : undefined,
      })),
      addAction: '/organiser/divisions/1/players',
      seedAction: '/organiser/divisions/1/seeds',
      addValues: { name: 'Ivana', rating: 'abc' },
      addErrors: [{ field: 'rating', message: 'rejting „abc” nije ceo broj od 0 do 5000' }],
      previewAction: '/organiser/divisions/1/players/csv',
      importAction: '/organiser/divisions/1/players/import',
      csv: (() => {
        const preview = previewPage(parsePlayersCsv(csvText, lang));
        return { text: csvText, preview, counts: previewCounts(preview, lang) };
      })(),
    } satisfies OrganiserPlayersPage,
    'organiser/rounds': {
      ...base(lang, `${HEADER.division}: kola`, '/organiser/divisions/1/rounds', organiser),
      tournament: { name: HEADER.tournament, url: '/organiser/tournaments/1' },
      division: {
        name: HEADER.division,
        playersUrl: '/organiser/divisions/1/players',
        publicUrl: '/divisions/1/standings',
      },
      atTables: false,
      nextRound: 4,
      pairAction: '/organiser/divisions/1/rounds',
      systems: ['swiss', 'king-of-the-hill', 'random'],
      system: 'swiss',
      rounds: [
        {
          number: 3,
          basedOn: 'Upareno prema poretku posle 2. kola',
          notes: ['Nikola Tesla gets the bye: lowest-ranked player without one'],
          pending: 1,
          games: [
            {
              table: 1,
              first: { id: 1, name: PLAYERS[0].name },
              second: { id: 2, name: PLAYERS[1].name },
              result: { scores: [412, 380], winner: 'first' },
              resultUrl: '/judge/games/1/result',
              sheetUrl: '/judge/games/1/scoresheet',
            },
            {
              table: 2,
              first: { id: 3, name: PLAYERS[2].name },
              second: { id: 4, name: PLAYERS[3].name },
              result: null,
              resultUrl: '/judge/games/2/result',
              sheetUrl: '/judge/games/2/scoresheet',
            },
            { table: 3, first: { id: 8, name: PLAYERS[7].name }, second: null, result: null },
          ],
          swapAction: '/organiser/divisions/1/rounds/3/swap',
          deleteAction: '/organiser/divisions/1/rounds/3/delete',
          repairAction: '/organiser/divisions/1/rounds/3/re-pair',
          prints: [
            { label: 'Parovi (PDF)', url: '/divisions/1/rounds/3/pairings.pdf' },
            { label: 'Prazni zapisnici (PDF)', url: '/divisions/1/rounds/3/sheets.pdf' },
          ],
          deskUrl: '/judge/divisions/1/rounds/3/desk',
          resultsUrl: '/judge/divisions/1/rounds/3/results',
        },
      ],
      prints: [{ label: 'Poredak i ukrštena tabela (PDF)', url: '/divisions/1/standings.pdf' }],
    } satisfies OrganiserRoundsPage,
    'public/prizes': prizeListSample(
      lang,
      base(lang, 'Nagrade i statistika', '/divisions/1/prizes'),
    ),
    'organiser/prizes': organiserPrizesSample(
      base(lang, 'Nagrade: Kup Čačka 2026', '/organiser/tournaments/1/prizes', organiser),
    ),
    ...entrySamples((title, path, asOrganiser) =>
      base(lang, title, path, asOrganiser ? organiser : undefined),
    ),
    ...accessSamples((title, path, asOrganiser) =>
      base(lang, title, path, asOrganiser ? organiser : undefined),
    ),
    ...accountSamples((title, path) => base(lang, title, path, organiser)),
    'organiser/confirm': {
      ...base(lang, 'Poništiti 3. kolo?', '/organiser/divisions/1/rounds/3/delete', organiser),
      lines: [`3. kolo grupe ${HEADER.division} biće uklonjeno sa svim stolovima (5) i parovima.`],
      items: ['Rezultati koji se brišu: 4', 'Zapisnici koji se brišu: 2'],
      note: 'Sve što se briše ostaje zapisano u dnevniku direktora turnira.',
      action: '/organiser/divisions/1/rounds/3/delete',
      fields: [],
      button: 'Da, poništi 3. kolo',
      danger: true,
      cancel: 'Odustani',
      cancelUrl: '/organiser/divisions/1/rounds#round-3',
    } satisfies V.OrganiserConfirmPage,
    'organiser/player-edit': {
      ...base(lang, 'Podaci igrača Ana Petrović', '/organiser/players/7/edit', organiser),
      action: '/organiser/players/7/edit',
      back: '/organiser/divisions/1/players',
      version: 4,
      values: {
        name: 'Ana Petrović-Ilić',
        club: 'ŠK Novi',
        rating: '1720',
        federationId: '941204',
      },
      errors: [{ field: '', message: 'Neko je promenio podatke igrača Ana Petrović.' }],
      person: { name: 'Ana Petrović', version: 3, editUrl: '/organiser/persons/3/edit' },
      stored: { name: 'Ana Petrović', club: '—', rating: '1650', federationId: '—' },
    } satisfies OrganiserPlayerEditPage,
    'organiser/person-edit': {
      ...base(lang, 'Podaci osobe Ana Petrović u registru', '/organiser/persons/3/edit', organiser),
      action: '/organiser/persons/3/edit',
      back: '/persons/3',
      version: 2,
      values: {
        name: 'Ana Petrović-Ilić',
        club: 'ŠK Novi',
        country: 'SRB',
        federationId: '941204',
      },
      errors: [{ field: '', message: 'Neko je promenio podatke osobe Ana Petrović.' }],
      tournaments: ['Kup Beograda 2026', 'Memorijal Novi Sad'],
      stored: { name: 'Ana Petrović', club: '—', country: 'SRB', federationId: '—' },
    } satisfies OrganiserPersonEditPage,
    error: {
      ...base(lang, 'Greška', '/x'),
      status: 404,
      message: 'Nema takve partije.',
      retry: null,
    } satisfies ErrorPage,
  };
}
