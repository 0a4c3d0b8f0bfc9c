import { applyOptions, clockAboveStart, findRuleSet, formatClock } from '../engine';
import type { RuleSet } from '../engine';
import { LOG_ACTIONS } from '../log/director-log';
import { isScheduled, PairingSystem } from '../tournaments/systems';
import {
  why,
  type DocumentError,
  type GameDocument,
  type ImportReason,
  type TournamentDocument,
} from './format';
import { gamesRemovedLater } from './log-format';

/**
 * The farthest from zero a remaining time may be: the API takes clock readings of up to
 * `999:59` either side of zero (`CLOCK_PATTERN` of the results' DTOs), in seconds. A game with
 * a clock is bounded above by the time each player starts with besides.
 */
export const CLOCK_LIMIT = 999 * 60 + 59;

/** The changes a game's history records, as the server writes them (results and table codes). */
export const HISTORY_ACTIONS = [
  'result',
  'correction',
  'scoresheet',
  'scoresheet-removed',
  'result-cleared',
  'sheet-sent',
  'sheet-confirmed',
  'sheet-returned',
] as const;

/** History lines a player writes from the phone, named by their seat and table code, not an account. */
const SEAT_ACTIONS = new Set(['sheet-sent', 'sheet-confirmed']);

/** `Ana Petrović (seat 1, table code K7Q…)`: how a seat's player is named in a history line. */
const SEAT_AUTHOR = /^(.+) \(seat (\d+), table code [^()]*\)$/;

/** A problem at its path: its English text, and its reason for the pages (else the general one). */
type Report = (path: string, message: string, reason?: ImportReason) => void;

/**
 * What a document says that the server would never have stored, with the path of each field:
 * a bye with another result than a bye's; a result said to come from a score sheet the game
 * does not have; clocks past what the rule set allows (above the time a player starts with,
 * below the lowest the API takes); a card game's figures on a game of tiles and a clock's on a
 * card game; a round paired after a round whose games had no result; history and log lines
 * of actions the server does not write, naming a seat's player who is not at that seat, an
 * account without its e-mail, or a game the document does not hold.
 *
 * For a document that {@link checkDocument} found well formed (each field of its type and
 * range, references resolved); pure, so it runs wherever the import runs.
 */
export function inconsistencies(doc: TournamentDocument): DocumentError[] {
  const errors: DocumentError[] = [];
  const report: Report = (path, message, reason) => {
    if (errors.length < 100) errors.push({ path, message, ...(reason ? { reason } : {}) });
  };
  doc.divisions.forEach((division, d) => {
    const base = findRuleSet(division.settings?.ruleSet ?? doc.tournament.ruleSet);
    if (!base) return;
    const rules = applyOptions(base, division.settings?.options ?? doc.tournament.options);
    const names = new Map(division.players.map((p) => [p.ref, p.name]));
    const lag = division.settings?.pairingLag ?? doc.tournament.pairingLag ?? 0;
    const later = laterPairedRound(division.rounds, lag);
    division.rounds.forEach((round, r) => {
      round.games.forEach((game, g) => {
        const at = `divisions[${d}].rounds[${r}].games[${g}]`;
        checkGame(game, at, rules, report);
        checkHistory(game, at, names, report);
        const next = later[r];
        if (game.status === 'pending' && next !== null && !resultTakenBack(game)) {
          report(
            `${at}.status`,
            `round ${r + 1}, table ${game.table} has no result, yet round ${next} was paired after it ` +
              `(${division.rounds[next - 1].system}); a round is paired only ` +
              'once every game up to the round it is paired from has a result (every earlier one without a lag; a result taken back since shows as result-cleared in the history)',
            why('IMPORT_PAIRED_BEFORE_RESULT', { round: r + 1, table: game.table, later: next }),
          );
        }
      });
    });
  });
  checkLog(doc, report);
  return errors;
}

/**
 * For each round (0-based), the number of the first later round whose pairing waited for that
 * round's every result, or null: a round robin's schedule waits for none; another round N + 1
 * for every round up to the one it was paired from (`basedOn`; without it, N − the division's
 * lag: every earlier round with no lag).
 */
function laterPairedRound(
  rounds: readonly { system: string; basedOn?: number | null }[],
  lag: number,
): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(rounds.length).fill(null);
  rounds.forEach((round, k) => {
    if (isScheduled(round.system as PairingSystem)) return;
    const through = round.basedOn ?? Math.max(0, k - lag);
    for (let r = 0; r < Math.min(through, k); r++) out[r] ??= k + 1;
  });
  return out;
}

/** Whether a pending game's last change took its result back (it was finished before). */
function resultTakenBack(game: GameDocument): boolean {
  const results = game.history.filter((h) => !SEAT_ACTIONS.has(h.action));
  return results.at(-1)?.action === 'result-cleared';
}

/** A clock in words: `-1000:00`. */
const clock = (seconds: number) => formatClock(seconds);

/** A remaining time past what the rule set's clock allows, in words and as a reason, or null. */
function clockProblem(
  rules: RuleSet,
  seconds: number,
): { message: string; reason: ImportReason } | null {
  const above = clockAboveStart(rules, [seconds]);
  if (above)
    return {
      message: `${clock(seconds)} left is more than the ${clock(above.start)} each player starts with in ${rules.id}`,
      reason: why('IMPORT_CLOCK_ABOVE_START', {
        value: clock(seconds),
        start: clock(above.start),
        ruleSet: rules.id,
      }),
    };
  if (Math.abs(seconds) > CLOCK_LIMIT)
    return {
      message: `${clock(seconds)} left is beyond ${clock(CLOCK_LIMIT)} either side of zero, the clocks a result takes`,
      reason: why('IMPORT_CLOCK_BEYOND', { value: clock(seconds), limit: clock(CLOCK_LIMIT) }),
    };
  return null;
}

/** One game's result against what a bye is, what its source says and what its rule set has. */
function checkGame(game: GameDocument, at: string, rules: RuleSet, report: Report): void {
  const byeResult = why('IMPORT_BYE_RESULT');
  if (game.status === 'bye') {
    if (game.source !== 'bye')
      report(
        `${at}.source`,
        `a bye's result is the bye's, not ${JSON.stringify(game.source)}`,
        byeResult,
      );
    if (game.winner !== 'first')
      report(
        `${at}.winner`,
        `a bye is won by its player (first), not ${String(game.winner)}`,
        byeResult,
      );
  } else if (game.source === 'bye') {
    report(
      `${at}.source`,
      'only a bye has the result of a bye, and this game has two players',
      why('IMPORT_NOT_A_BYE'),
    );
  }
  if (!game.seats && game.source === 'scoresheet' && game.scoresheet === null)
    report(
      `${at}.scoresheet`,
      'the result is said to come from a score sheet, but there is none',
      why('IMPORT_NO_SHEET'),
    );
  const cardGame = rules.cards !== undefined;
  const noCards = why('IMPORT_NO_CARDS', { ruleSet: rules.id });
  const noClock = why('IMPORT_NO_CLOCK', { ruleSet: rules.id });
  (game.remaining ?? []).forEach((seconds, p) => {
    const problem = clockProblem(rules, seconds);
    if (problem) report(`${at}.remaining[${p}]`, problem.message, problem.reason);
  });
  if (!cardGame && game.cards !== undefined && game.cards !== null)
    report(`${at}.cards`, `${rules.id} is not a card game: its games take no cards`, noCards);
  if (cardGame && game.timeLoss !== null)
    report(`${at}.timeLoss`, `${rules.id} has no game clock: nobody loses it on time`, noClock);
  (game.seats ?? []).forEach((seat, k) => {
    if (seat.remaining !== null) {
      const problem = cardGame
        ? {
            message: `${rules.id} has no game clock: a seat has no remaining time`,
            reason: noClock,
          }
        : clockProblem(rules, seat.remaining);
      if (problem) report(`${at}.seats[${k}].remaining`, problem.message, problem.reason);
    }
    if (!cardGame && seat.cards !== null)
      report(
        `${at}.seats[${k}].cards`,
        `${rules.id} is not a card game: its games take no cards`,
        noCards,
      );
  });
}

/**
 * A game's history: changes the server writes, each by an account (named with its e-mail) or
 * nobody, or (a sheet sent or confirmed from a phone) by the player of a seat of this game.
 */
function checkHistory(
  game: GameDocument,
  at: string,
  names: ReadonlyMap<number, string>,
  report: Report,
): void {
  const seated = game.seats
    ? game.seats.map((s) => s.player)
    : [game.first, ...(game.second === null ? [] : [game.second])];
  game.history.forEach((h, j) => {
    const hat = `${at}.history[${j}]`;
    if (!(HISTORY_ACTIONS as readonly string[]).includes(h.action)) {
      report(
        `${hat}.action`,
        `must be one of ${HISTORY_ACTIONS.join(', ')}`,
        why('IMPORT_NOT_ONE_OF', { allowed: HISTORY_ACTIONS.join(', ') }),
      );
      return;
    }
    if (!SEAT_ACTIONS.has(h.action)) {
      if (h.by !== null && h.by.email === null)
        report(
          `${hat}.by`,
          'a change by an account names its e-mail; one by nobody is null',
          why('IMPORT_EMAIL_MISSING'),
        );
      return;
    }
    const seat = h.by === null ? null : SEAT_AUTHOR.exec(h.by.name);
    const ref = seat ? seated[Number(seat[2]) - 1] : undefined;
    if (!seat || h.by?.email !== null || ref === undefined || names.get(ref) !== seat[1]) {
      const players = seated.map((p, i) => `${names.get(p) ?? '?'} (seat ${i + 1}, …)`).join(', ');
      report(
        `${hat}.by`,
        `a sheet sent or confirmed from a phone names the player of a seat of this game ` +
          `(${players}), not ${JSON.stringify(h.by?.name ?? null)}`,
        why('IMPORT_SEAT_AUTHOR', { players, given: h.by?.name ?? '–' }),
      );
    }
  });
}

/**
 * The director's log: actions the server writes, each by an account (with its e-mail) or
 * nobody, and a game named by round and table one of the document's, unless a later line
 * removed that round (`round.deleted`, `round.repaired`).
 */
function checkLog(doc: TournamentDocument, report: Report): void {
  const log = doc.log ?? [];
  const removed = gamesRemovedLater(log);
  const games = new Map(
    doc.divisions.map((d) => [
      d.name,
      new Set(d.rounds.flatMap((r) => r.games.map((g) => `${r.number}/${g.table}`))),
    ]),
  );
  log.forEach((e, i) => {
    const at = `log[${i}]`;
    if (!(LOG_ACTIONS as readonly string[]).includes(e.action))
      report(
        `${at}.action`,
        `${e.action} is not an action of the director's log`,
        why('IMPORT_LOG_ACTION', { action: e.action }),
      );
    if (e.by !== null && e.by.email === null)
      report(
        `${at}.by`,
        'an action by an account names its e-mail; one by nobody is null',
        why('IMPORT_EMAIL_MISSING'),
      );
    if (e.division === null || e.round === null || e.table === null || removed[i]) return;
    if (!games.get(e.division)?.has(`${e.round}/${e.table}`)) {
      report(
        `${at}.table`,
        `division '${e.division}' has no game at round ${e.round}, table ${e.table}, and no later line removed that round`,
        why('IMPORT_UNKNOWN_GAME', { division: e.division, round: e.round, table: e.table }),
      );
    }
  });
}
