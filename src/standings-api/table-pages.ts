import { formatPoints, Lang, t } from '../i18n';
import type { RoundView } from '../rounds/game.view';
import type { SnapshotPlayer, StandingsSnapshot } from './standings.service';
import {
  buildTableCards,
  metGrid,
  SeatedTable,
  TableCard,
  TableLine,
} from '../standings/table-cards';
import type { PlayerRef } from '../render/view-models';
import { urls } from '../web/urls';

/**
 * The pages and printouts of a division played at tables of more than two: each player's
 * tables, the wall chart's cells and the "met" grid, with their texts in the page's language.
 */

/** The tables of the rounds as the cards read them: every seat in turn order; a bye is a table of one. */
export function seatedTables(rounds: readonly RoundView[]): SeatedTable[] {
  return rounds.flatMap((r) =>
    r.games.map((g): SeatedTable => {
      if (g.seats && g.seats.length > 0) {
        return {
          round: r.number,
          table: g.table,
          gameId: g.id,
          seats: g.seats.map((s) => ({
            playerId: String(s.player.id),
            score: s.score,
            place: s.place,
          })),
        };
      }
      if (g.second === null) {
        return {
          round: r.number,
          table: g.table,
          gameId: g.id,
          seats: [{ playerId: String(g.first.id), score: null, place: null }],
        };
      }
      // A game of two without seats: its result says the places.
      const scores = g.result?.scores ?? null;
      const w = g.result?.winner;
      const places: [number, number] | null =
        w === 'first' ? [1, 2] : w === 'second' ? [2, 1] : w === 'draw' ? [1, 1] : null;
      return {
        round: r.number,
        table: g.table,
        gameId: g.id,
        seats: [g.first, g.second].map((p, i) => ({
          playerId: String(p.id),
          score: scores && places ? scores[i] : null,
          place: scores && places ? places[i] : null,
        })),
      };
    }),
  );
}

/** A division's tables through the snapshot's round, with every player's card. */
export interface DivisionTables {
  rounds: number;
  tables: SeatedTable[];
  cards: ReadonlyMap<string, TableCard>;
  players: ReadonlyMap<string, SnapshotPlayer>;
}

export function divisionTables(
  snap: StandingsSnapshot,
  rounds: readonly RoundView[],
): DivisionTables {
  const through = snap.view.round;
  const tables = seatedTables(rounds.filter((r) => r.number <= through));
  const people = snap.players.map((p) => ({
    id: String(p.id),
    seed: p.seed,
    joinedRound: p.joinedRound,
    absentRounds: p.absentRounds,
  }));
  return {
    rounds: through,
    tables,
    cards: buildTableCards(people, tables, through, {
      placePoints: snap.division.placePoints ?? undefined,
    }),
    players: new Map(snap.players.map((p) => [String(p.id), p])),
  };
}

/** Another player of the table as a line shows them. */
export interface TableMateView extends PlayerRef {
  seed: number;
  seat: number;
  score: number | null;
  place: number | null;
}

/** One round of a player's tables, texts made (page and PDF). */
export interface TableLineView {
  round: number;
  table: number | null;
  gameId: number | null;
  seat: number | null;
  /** `3/2` (table 3, seat 2), empty when not seated or a bye. */
  tableSeat: string;
  others: TableMateView[];
  /** `Ana 180 (1.); Bojan 150 (3.)`: the others in turn order, for the PDF. */
  othersText: string;
  score: number | null;
  place: number | null;
  /** `1.`, or what the round was (`bye`, `absent`, `playing`) when there is no place. */
  placeText: string;
  points: number | null;
  pointsText: string;
  runningPoints: number;
  /** `win` for a first place, `bye`, or `''`: the row's colour. */
  outcome: string;
}

const KIND_WORDS = {
  bye: 'result.bye',
  pending: 'result.pending',
  absent: 'result.absent',
  'not-joined': 'result.not-joined',
  'not-paired': 'result.not-paired',
} as const;

function placeText(lang: Lang, line: TableLine): string {
  if (line.kind === 'table') return `${line.place}.`;
  return t(lang, KIND_WORDS[line.kind]);
}

function outcomeOf(line: TableLine): string {
  if (line.kind === 'bye') return 'bye';
  return line.kind === 'table' && line.place === 1 ? 'win' : '';
}

/** A player's tables, round 1 first. */
export function tableLineViews(lang: Lang, dt: DivisionTables, playerId: string): TableLineView[] {
  const card = dt.cards.get(playerId);
  if (!card) return [];
  return card.lines.map((l) => {
    const others = l.others.map((o): TableMateView => {
      const p = dt.players.get(o.playerId);
      return {
        name: p?.name ?? `#${o.playerId}`,
        url: p ? urls.player(p.id) : undefined,
        seed: p?.seed ?? 0,
        seat: o.seat,
        score: o.score,
        place: o.place,
      };
    });
    return {
      round: l.round,
      table: l.table,
      gameId: l.gameId,
      seat: l.seat,
      tableSeat: l.table !== null && l.seat !== null ? `${l.table}/${l.seat}` : '',
      others,
      othersText: others
        .map(
          (o) =>
            `${o.name}${o.score !== null ? ` ${o.score}` : ''}${o.place !== null ? ` (${o.place}.)` : ''}`,
        )
        .join('; '),
      score: l.score,
      place: l.place,
      placeText: placeText(lang, l),
      points: l.points,
      pointsText: l.points === null ? '' : formatPoints(l.points),
      runningPoints: l.runningPoints,
      outcome: outcomeOf(l),
    };
  });
}

/** The wall chart of a division at tables: players by seed, a cell a round. */
export function tableWallRows(
  lang: Lang,
  dt: DivisionTables,
  spreadOf: ReadonlyMap<string, number>,
): {
  id: number;
  seed: number;
  name: string;
  active: boolean;
  record: string;
  spread: number;
  cells: { top: string; bottom: string; outcome: string }[];
}[] {
  return [...dt.players.values()]
    .sort((a, b) => a.seed - b.seed)
    .map((p) => {
      const card = dt.cards.get(String(p.id))!;
      return {
        id: p.id,
        seed: p.seed,
        name: p.name,
        active: p.active,
        record: formatPoints(card.points),
        spread: spreadOf.get(String(p.id)) ?? 0,
        cells: card.lines.map((l) => ({ ...wallCell(lang, l), outcome: outcomeOf(l) })),
      };
    });
}

/** `2. · 3/1` over the points so far; `3/1` while playing; `S`, `izost.` when not at a table. */
function wallCell(lang: Lang, l: TableLine): { top: string; bottom: string } {
  switch (l.kind) {
    case 'not-joined':
      return { top: '', bottom: '' };
    case 'table':
      return { top: `${l.place}. · ${l.table}/${l.seat}`, bottom: formatPoints(l.runningPoints) };
    case 'pending':
      return { top: `${l.table}/${l.seat}`, bottom: '' };
    case 'bye':
      return { top: t(lang, 'result.byeShort'), bottom: formatPoints(l.runningPoints) };
    case 'absent':
      return { top: t(lang, 'result.absentShort'), bottom: formatPoints(l.runningPoints) };
    case 'not-paired':
      return { top: t(lang, 'result.notPairedShort'), bottom: formatPoints(l.runningPoints) };
  }
}

/** One row of the "met" grid: the player, their points, and how often they met each other player. */
export interface MetRow {
  rank: number;
  seed: number;
  name: string;
  url?: string;
  points: number;
  /** Columns in the rows' order (headed by the players' seeds); null on the diagonal, 0 when the two never met. */
  cells: (number | null)[];
}

/** The "met" grid in standings order. */
export function metRows(snap: StandingsSnapshot, tables: readonly SeatedTable[]): MetRow[] {
  const rows = snap.view.rows;
  const grid = metGrid(
    rows.map((r) => String(r.playerId)),
    tables,
    snap.view.round,
  );
  return rows.map((r, i) => ({
    rank: r.rank,
    seed: r.seed,
    name: r.name,
    url: urls.player(r.playerId),
    points: r.points,
    cells: grid[i].map((n, j) => (i === j ? null : n)),
  }));
}
