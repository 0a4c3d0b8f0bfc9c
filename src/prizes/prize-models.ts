/**
 * The prize pages' models without a framework: the prize list's texts in a language (the
 * page and the PDF share them) and the organiser's form. The controllers fill them.
 */
import { MessageKey, numberLocale, t } from '../i18n';
import { formatClock } from '../engine';
import type { Lang } from '../i18n';
import type { DivisionStatistics, PrizeListLine, PrizeWinner } from './prize-list';
import type { Prize } from './prize-table';
import type { AwardKind } from './prizes';
import type { DivisionPrizes } from './prizes.service';
import type { PageBase } from '../render/view-models';
import { urls } from '../web/urls';

export const prizeUrls = {
  list: (divisionId: number) => `/divisions/${divisionId}/prizes`,
  pdf: (divisionId: number) => `/divisions/${divisionId}/prizes.pdf`,
  edit: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/prizes`,
};

/** An amount as the page writes it: grouped, two decimals at most, the page's decimal sign. */
export function amountText(lang: Lang, n: number): string {
  return new Intl.NumberFormat(numberLocale(lang), {
    maximumFractionDigits: 2,
  }).format(n);
}

const twoDecimals = (lang: Lang, n: number | null): string =>
  n === null
    ? '–'
    : new Intl.NumberFormat(numberLocale(lang), {
        maximumFractionDigits: 2,
        useGrouping: false,
      }).format(n);

/** A row of a section of places: who, which place(s), what they take. */
export interface PrizeRowModel {
  place: string;
  player: string;
  url: string | null;
  prize: string;
  note: string;
}

export interface PrizeSectionModel {
  title: string;
  rows: PrizeRowModel[];
  empty: string;
}

export interface AwardRowModel {
  award: string;
  player: string;
  url: string | null;
  figure: string;
  prize: string;
  note: string;
}

export interface StatRowModel {
  player: string;
  url: string;
  games: number;
  average: string;
  highestGame: string;
  highestPlay: string;
  allTiles: number;
  invalid: number;
}

/** The prize list's texts in a language: the page and the PDF share them. */
export interface PrizeListModel {
  title: string;
  tournament: string;
  division: string;
  notes: string[];
  noTable: string;
  places: PrizeSectionModel | null;
  classes: PrizeSectionModel[];
  classesTitle: string;
  awardsTitle: string;
  awards: AwardRowModel[];
  fewestNote: string;
  statsTitle: string;
  statsTotals: string;
  /** With more than one division: the tournament's figures in all. */
  tournamentTotals: string;
  stats: StatRowModel[];
  headers: Record<
    | 'place'
    | 'player'
    | 'prize'
    | 'award'
    | 'figure'
    | 'games'
    | 'average'
    | 'highestGame'
    | 'highestPlay'
    | 'allTiles'
    | 'invalid',
    string
  >;
}

/** Builds the prize list's texts: every figure written in the language. */
export function prizeListModel(lang: Lang, data: DivisionPrizes): PrizeListModel {
  const tx = (key: MessageKey, params?: Record<string, string | number>) => t(lang, key, params);
  const table = data.table;
  const name = new Map(data.players.map((p) => [String(p.id), p]));
  const playerName = (id: string) => name.get(id)?.name ?? `#${id}`;
  const money = (n: number) => `${amountText(lang, n)} ${table.currency}`.trim();
  const prizeOf = (prizes: readonly Prize[], w: PrizeWinner, winners: number) => {
    const names = prizes.filter((p) => p.name !== null).map((p) => p.name!);
    const parts = [...(w.amount !== null ? [money(w.amount)] : []), ...names];
    const total = prizes.reduce((s, p) => s + (p.amount ?? 0), 0);
    const shared = winners > 1;
    return {
      prize: parts.length ? parts.join(' + ') : tx('prizes.honour'),
      note: !shared
        ? ''
        : prizes.some((p) => p.amount !== null)
          ? tx('prizes.shared', { n: winners, total: money(total) })
          : tx('prizes.sharedNames', { n: winners }),
    };
  };
  const placeLabel = (places: number[]) =>
    places.length > 1
      ? tx('prizes.placesShared', { from: places[0], to: places[places.length - 1] })
      : tx('prizes.place', { n: places[0] });
  const rows = (line: PrizeListLine): PrizeRowModel[] =>
    line.winners.map((w) => ({
      place: placeLabel(line.places),
      player: playerName(w.player),
      url: urls.player(Number(w.player)),
      ...prizeOf(line.prizes, w, line.winners.length),
    }));
  const lines = data.list.lines;
  const figure = (kind: AwardKind, w: PrizeWinner) => {
    const at = w.at ?? { round: 0, table: 0 };
    const value = w.value ?? 0;
    return tx(`figure.${kind}`, {
      value,
      round: at.round,
      table: at.table,
      turn: at.turn ?? 0,
      play: at.play ?? '',
      time: formatClock(value),
    });
  };
  const awards: AwardRowModel[] = lines
    .filter((l) => l.kind === 'award')
    .flatMap((l): AwardRowModel[] => {
      const award = tx(`award.${l.award!}`);
      if (l.winners.length === 0) {
        return [{ award, player: tx('prizes.nobody'), url: null, figure: '', prize: '', note: '' }];
      }
      return l.winners.map((w) => ({
        award,
        player: playerName(w.player),
        url: urls.player(Number(w.player)),
        figure: figure(l.award!, w),
        ...prizeOf(l.prizes, w, l.winners.length),
      }));
    });
  const figures = (x: DivisionStatistics) => statisticsFigures(lang, x);
  const most = data.list.players.reduce((n, p) => Math.max(n, p.games), 0);
  const totals = data.list.totals;
  const notes = [
    tx('prizes.after', { round: data.round }),
    tx('prizes.verifiedOnly', { verified: totals.games, games: data.gamesWithResult }),
    ...(data.sheetsNotVerified ? [tx('prizes.notVerified', { n: data.sheetsNotVerified })] : []),
    ...(data.pendingGames ? [tx('prizes.pending', { n: data.pendingGames })] : []),
  ];
  const noTable =
    table.version === 0 ||
    (table.places.length === 0 && table.classes.length === 0 && table.awards.length === 0);
  return {
    title: tx('prizes.title'),
    tournament: data.tournament.name,
    division: data.division.name,
    notes,
    noTable: noTable ? tx('prizes.noTable') : '',
    places: table.places.length
      ? {
          title: tx('prizes.places'),
          rows: lines.filter((l) => l.kind === 'place').flatMap(rows),
          empty: '',
        }
      : null,
    classesTitle: table.classes.length ? tx('prizes.classes') : '',
    classes: table.classes.map((c, k) => ({
      title:
        k === 0
          ? tx('prizes.classLowest', { name: c.name, below: c.below })
          : tx('prizes.classBand', {
              name: c.name,
              from: table.classes[k - 1].below,
              to: c.below - 1,
            }),
      rows: lines.filter((l) => l.kind === 'class' && l.className === c.name).flatMap(rows),
      empty: tx('prizes.noClassPlayer'),
    })),
    awardsTitle: table.awards.length ? tx('prizes.awards') : '',
    awards,
    fewestNote: table.awards.some((a) => a.kind === 'fewest-invalid-words')
      ? tx('prizes.fewestNote', { n: most })
      : '',
    statsTitle: tx('prizes.stats'),
    statsTotals: tx('prizes.statsTotals', figures(totals)),
    tournamentTotals: data.tournamentTotals
      ? tx('prizes.tournamentTotals', {
          divisions: data.divisions,
          ...figures(data.tournamentTotals),
        })
      : '',
    stats: data.list.players.map((s) => ({
      player: playerName(s.player),
      url: urls.player(Number(s.player)),
      ...playerFigures(lang, s),
    })),
    headers: prizeHeaders(lang),
  };
}

/** The prize list's column heads. */
function prizeHeaders(lang: Lang): PrizeListModel['headers'] {
  return {
    place: t(lang, 'prizes.colPlace'),
    player: t(lang, 'prizes.colPlayer'),
    prize: t(lang, 'prizes.colPrize'),
    award: t(lang, 'prizes.colAward'),
    figure: t(lang, 'prizes.colFigure'),
    games: t(lang, 'prizes.colGames'),
    average: t(lang, 'prizes.colAverage'),
    highestGame: t(lang, 'prizes.colHighestGame'),
    highestPlay: t(lang, 'prizes.colHighestPlay'),
    allTiles: t(lang, 'prizes.colAllTiles'),
    invalid: t(lang, 'prizes.colInvalid'),
  };
}

/** A player's statistics as the table writes them. */
function playerFigures(lang: Lang, s: DivisionPrizes['list']['players'][number]) {
  return {
    games: s.games,
    average: twoDecimals(lang, s.average),
    highestGame: s.highestGame === null ? '–' : String(s.highestGame),
    highestPlay: s.highestPlay === null ? '–' : String(s.highestPlay),
    allTiles: s.allTilePlays,
    invalid: s.invalidWords,
  };
}

/** A division's or the tournament's statistics as the message's figures. */
function statisticsFigures(lang: Lang, x: DivisionStatistics) {
  return {
    games: x.games,
    average: twoDecimals(lang, x.average),
    highestGame: x.highestGame ?? '–',
    highestPlay: x.highestPlay ?? '–',
    allTiles: x.allTilePlays,
    invalid: x.invalidWords,
  };
}

export interface PrizeListPage extends PageBase, PrizeListModel {
  pdfUrl: string;
  pdfLabel: string;
  divisions: { name: string; url: string; current: boolean }[];
  editUrl: string | null;
  editLabel: string;
}

export interface OrgPrizeField {
  name: string;
  label: string;
  value: string;
}

export interface OrgPrizesPage extends PageBase {
  intro: string;
  action: string;
  version: number;
  currency: OrgPrizeField & { hint: string };
  onePrize: { label: string; checked: boolean };
  placesTitle: string;
  places: OrgPrizeField[];
  classesTitle: string;
  classesHint: string;
  classes: { name: OrgPrizeField; below: OrgPrizeField; prizes: OrgPrizeField }[];
  awardsTitle: string;
  awards: { kind: string; label: string; checked: boolean; prize: OrgPrizeField }[];
  save: string;
  lists: { label: string; url: string }[];
  errors: { field: string; message: string }[];
}

/**
 * A prize as typed in a form field: a number is an amount, anything else a name. Thousands
 * may be grouped by points, commas or spaces (`10.000`, `10,000`, `10 000`), and one or two
 * decimals follow the other sign (`1.250,50`, `1,250.50`, `1,5`).
 */
export function prizeFromText(text: string): Prize | { amount?: undefined; name?: undefined } {
  const s = text.trim();
  if (s === '') return {};
  const compact = s.replace(/[\s\u00a0]/g, '');
  const grouped = /^(\d{1,3})(([.,])\d{3}(?:\3\d{3})*)(?:([.,])(\d{1,2}))?$/.exec(compact);
  if (grouped && grouped[4] !== grouped[3]) {
    const whole = grouped[1] + grouped[2].replace(/[.,]/g, '');
    return { amount: Number(grouped[5] ? `${whole}.${grouped[5]}` : whole), name: null };
  }
  if (/^\d+([.,]\d{1,2})?$/.test(compact)) {
    return { amount: Number(compact.replace(',', '.')), name: null };
  }
  return { amount: null, name: s };
}

/** A prize as the form shows it: an amount written as the page writes numbers, or its name. */
export const prizeAsText = (lang: Lang, p: Prize | null): string =>
  p === null
    ? ''
    : p.amount !== null
      ? amountText(lang, p.amount).replace(/\s/g, '')
      : (p.name ?? '');
