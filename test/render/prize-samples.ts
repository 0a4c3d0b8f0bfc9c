import type { Lang } from '../../src/i18n';
import type { OrgPrizesPage, PrizeListPage } from '../../src/prizes/prize-models';
import { prizeListModel } from '../../src/prizes/prize-models';
import { prizeList } from '../../src/prizes/prize-list';
import { readPrizeTable } from '../../src/prizes/prize-table';
import type { DivisionPrizes } from '../../src/prizes/prizes.service';
import type { PageBase } from '../../src/render/view-models';
import type { VerificationReport } from '../../src/engine';
import { readFileSync } from 'fs';
import { join } from 'path';

const fixtureReport = (name: string): VerificationReport =>
  JSON.parse(
    readFileSync(join(__dirname, '..', 'fixtures', 'kvizovka', `${name}.report.json`), 'utf8'),
  ) as VerificationReport;

/** The prize list of a division of three, from one verified fixture sheet, as the page has it. */
export function prizeListSample(lang: Lang, base: PageBase): PrizeListPage {
  const read = readPrizeTable({
    currency: 'RSD',
    places: [{ amount: 10000 }, { name: 'Knjiga' }],
    classes: [{ name: 'C', below: 1600, prizes: [{ amount: 3000 }] }],
    awards: [
      { kind: 'highest-game', prize: { amount: 1000 } },
      { kind: 'highest-play', prize: { name: 'Rečnik' } },
      { kind: 'fewest-invalid-words' },
    ],
  });
  if (!read.ok) throw new Error(JSON.stringify(read.problem));
  const players = [
    { id: 1, name: 'Teodora Simić', club: null, rating: 1700, rank: 1 },
    { id: 2, name: 'Aleksa Todorović', club: null, rating: 1500, rank: 2 },
    { id: 3, name: 'Đorđe Čolić', club: null, rating: null, rank: 3 },
  ];
  const data: DivisionPrizes = {
    tournament: { id: 1, name: 'Kup Čačka 2026', closed: false },
    division: { id: 1, name: 'Open' },
    table: { tournamentId: 1, version: 1, ...read.table },
    round: 1,
    pendingGames: 1,
    gamesWithResult: 1,
    sheetsNotVerified: 0,
    divisions: 2,
    tournamentTotals: {
      games: 3,
      average: 51.5,
      highestGame: 139,
      highestPlay: 88,
      allTilePlays: 1,
      invalidWords: 2,
    },
    players,
    list: prizeList(
      players.map((p) => ({ player: String(p.id), rank: p.rank, rating: p.rating })),
      [
        {
          round: 1,
          table: 1,
          players: ['1', '2'],
          report: fixtureReport('08-long-words-bonuses'),
        },
      ],
      read.table,
    ),
  };
  return {
    ...base,
    ...prizeListModel(lang, data),
    pdfUrl: '/divisions/1/prizes.pdf',
    pdfLabel: 'Spisak nagrada i statistika (PDF)',
    divisions: [
      { name: 'Open', url: '/divisions/1/prizes', current: true },
      { name: 'Juniori', url: '/divisions/2/prizes', current: false },
    ],
    editUrl: '/organiser/tournaments/1/prizes',
    editLabel: 'Postavi nagrade',
  };
}

const field = (name: string, label: string, value = '') => ({ name, label, value });

/** The organiser's prize form with a refused class bound. */
export function organiserPrizesSample(base: PageBase): OrgPrizesPage {
  return {
    ...base,
    intro: 'Nagrada je iznos (broj) ili naziv.',
    action: '/organiser/tournaments/1/prizes',
    version: 2,
    currency: { ...field('currency', 'Valuta', 'RSD'), hint: 'potrebna kad je neka nagrada iznos' },
    onePrize: { label: 'Jedna nagrada po igraču', checked: true },
    placesTitle: 'Nagrade za plasman',
    places: [field('place1', '1. mesto', '10000'), field('place2', '2. mesto', 'Knjiga')],
    classesTitle: 'Klase po rejtingu',
    classesHint: 'Od najniže naviše.',
    classes: [
      {
        name: field('class1Name', '1. klasa: naziv', 'C'),
        below: field('class1Below', '1. klasa: rejting ispod', '1600'),
        prizes: field('class1Prizes', '1. klasa: nagrade', '3000/2000'),
      },
      {
        name: field('class2Name', '2. klasa: naziv', 'B'),
        below: field('class2Below', '2. klasa: rejting ispod', '1500'),
        prizes: field('class2Prizes', '2. klasa: nagrade', 'Pehar'),
      },
    ],
    awardsTitle: 'Nagrade za igru',
    awards: [
      {
        kind: 'highest-game',
        label: 'Najviše poena u partiji',
        checked: true,
        prize: field('award-highest-game-prize', 'Nagrada: Najviše poena u partiji', '1000'),
      },
    ],
    save: 'Sačuvaj nagrade',
    lists: [{ label: 'Spisak nagrada grupe Open', url: '/divisions/1/prizes' }],
    errors: [
      {
        field: 'class2Below',
        message: 'Mora biti iznad granice prethodne klase (1600): klase idu od najniže naviše.',
      },
    ],
  };
}
