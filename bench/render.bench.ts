import Handlebars from 'handlebars';
import { scoreSheetsPdf } from '../src/render/pdf/score-sheets';
import type { ScoreSheetsDocument } from '../src/render/pdf/types';
import type { StandingsPage } from '../src/standings-api/division-page-models';
import { createViewRenderer } from '../src/render/views';
import { median, timeLoop } from './harness';

const FIRST = [
  'Ana',
  'Marko',
  'Đorđe',
  'Ljubica',
  'Njegoslav',
  'Džemal',
  'Žarko',
  'Šćepan',
  'Čedomir',
  'Ćirko',
];
const LAST = [
  'Petrović',
  'Jovanović',
  'Šćekić',
  'Njegoš',
  'Ljajić',
  'Ćosić',
  'Đurđević',
  'Žugić',
  'Čolić',
  'Džajić',
];

/** A round of `boards` games with names that need the embedded font. */
export function bigRound(boards: number): ScoreSheetsDocument {
  const name = (i: number): string => `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i + 1}`;
  return {
    tournament: 'Otvoreno prvenstvo Srbije',
    division: 'Otvorena grupa',
    subtitle: '12–14. 3. 2026, Novi Sad',
    round: 7,
    rulesName: 'Kvizovka',
    clockMinutes: 30,
    games: Array.from({ length: boards }, (_, i) => ({
      table: i + 1,
      first: { name: name(2 * i), club: 'ŠK Čačak' },
      second: { name: name(2 * i + 1), club: 'Džep' },
    })),
  };
}

/** The standings page model of a division of `players`. */
export function bigStandings(players: number): StandingsPage {
  const name = (i: number): string => `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i + 1}`;
  return {
    lang: 'sr-Latn',
    title: 'Otvorena grupa: poredak',
    path: '/divisions/1/standings',
    site: { home: '/', signIn: '/sign-in', signOut: '/sign-out' },
    tournament: { name: 'Otvoreno prvenstvo Srbije', url: '/tournaments/1' },
    division: { name: 'Otvorena grupa', rules: 'Kvizovka' },
    tabs: { standings: '/d/1/standings', pairings: '/d/1/pairings', crosstable: '/d/1/crosstable' },
    throughRound: 15,
    tieBreaks: ['spread', 'remaining-time', 'buchholz', 'seed'],
    rows: Array.from({ length: players }, (_, i) => ({
      rank: i + 1,
      name: name(i),
      url: `/players/${i + 1}`,
      club: 'ŠK Čačak',
      points: 15 - (i % 31) / 2,
      wins: 10,
      draws: 1,
      losses: 4,
      spread: 500 - i,
      remainingSeconds: 1200 + i,
      tieBreaks: [500 - i, 1200 + i, 100 - i / 10, -(i + 1)],
      active: true,
    })),
  };
}

/**
 * Blank score sheets for a 500-board round (target ≤ 5 s): median of 3 runs.
 * Also the HTML of a 1,000-player standings page (template only, no HTTP).
 */
export async function run(): Promise<void> {
  const data = bigRound(500);
  const times: number[] = [];
  let bytes = 0;
  for (let r = 0; r < 3; r++) {
    const start = performance.now();
    const pdf = await scoreSheetsPdf(data, 'sr-Latn');
    times.push(performance.now() - start);
    bytes = pdf.length;
  }
  const ms = median(times);
  console.log(
    `render: blank score sheets, 500 boards (500 pages, ${(bytes / 1024 / 1024).toFixed(1)} MiB): ` +
      `median ${(ms / 1000).toFixed(2)} s over ${times.length} runs (target ≤ 5 s)`,
  );
  const render = createViewRenderer(Handlebars);
  const page = bigStandings(1000);
  const { perSecond } = timeLoop(2000, () => render('public/standings', page));
  console.log(
    `render: standings page HTML, 1000 players (template only): ${perSecond.toFixed(0)} pages/s`,
  );
}
