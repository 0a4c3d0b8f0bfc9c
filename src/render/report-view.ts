import type { Issue, TurnReport, TurnStatus, VerificationReport } from '../engine/report/report';
import { compileRules } from '../engine/rules/compiled';
import type { RuleOptions, RuleSet } from '../engine/rules/ruleset';
import { findRuleSet } from '../engine/rules/rulesets';
import { isMessageKey, Lang, MessageKey, t } from '../i18n';
import { boundReport } from './report-bounds';

/** How a row or message is marked: `bad` red, `warn` yellow, `muted` grey. */
export type Tone = 'ok' | 'bad' | 'warn' | 'muted';

/** One finding, translated. */
export interface IssueLine {
  code: string;
  severity: Issue['severity'];
  severityLabel: string;
  tone: Tone;
  /** The issue code in words (`Wrong score written`). */
  label: string;
  /** The whole finding: the engine's message in English; label, word and squares in Serbian. */
  text: string;
  /** 1-based turn, when the issue belongs to one. */
  turn: number | null;
  squares: string[];
}

/** A label as it goes on after another in a list: its first letter in lower case. */
export function lowerFirst(label: string, lang: Lang): string {
  return label.charAt(0).toLocaleLowerCase(lang) + label.slice(1);
}

/** The turn status an issue's code stands for, where the status column says it already. */
const STATUS_OF_ISSUE: Partial<Record<string, string>> = {
  SCORE_MISMATCH: 'score-mismatch',
  TOTAL_MISMATCH: 'total-mismatch',
};

/** One turn of a report, ready to print or show. */
export interface TurnLine {
  /** 0-based, as in the report. */
  index: number;
  /** 1-based, as a judge counts. */
  number: number;
  player: number;
  playerName: string;
  kind: TurnReport['kind'];
  status: TurnStatus;
  statusLabel: string;
  tone: Tone;
  /** The play as written (`9F KUĆA`), or `exchange (3)`, `pass`. */
  play: string;
  /** The engine's reading when it differs from what was written. */
  reading: string | null;
  words: { word: string; score: number; known: boolean | null; main: boolean }[];
  /** `KUĆA 8, RUKA 7 + all tiles 40`. */
  wordsText: string;
  /**
   * What the turn scores beyond its words (`+ all tiles 40`, a card game's cards), for a
   * page that writes the words one by one: without it 48 of a 98 would be all it shows.
   */
  extraText: string;
  scoreClaimed: string;
  scoreComputed: string;
  scoreMismatch: boolean;
  totalClaimed: string;
  totalComputed: string;
  totalMismatch: boolean;
  clock: string;
  /** Withdrawn score, failed-challenge bonus, time penalty. */
  notes: string[];
  /** `TORA: nije u rečniku`, beside the turn; the record's findings name the word already. */
  unknownWordNotes: string[];
  /** A total that only carries an earlier slip: which slip, beside the turn (not among the record's notes). */
  carriedNote: string | null;
  issues: IssueLine[];
  /**
   * The issues the status column lists under the status: all but the one the status already
   * names (`pogrešan zbir` is not followed by `Pogrešan zbir`), unless it names squares.
   */
  statusIssues: IssueLine[];
  /** Squares named by this turn's issues. */
  squares: string[];
  /** True when the turn needs the judge's eye (an error, a mismatch). */
  flagged: boolean;
}

/** A player's final account. */
export interface AccountLine {
  name: string;
  moves: number;
  rackPenalty: number;
  rackBonus: number;
  /** Points taken off for going over time (Scrabble's overtime penalty); 0 when none. */
  timePoints: number;
  final: number;
  claimedFinal: number | null;
  finalMismatch: boolean;
  penaltyMinutes: number;
  remaining: string;
  timeExpired: boolean;
  winner: boolean;
  /** Card games: the cards the player took (the tie-break); null for other games. */
  cards: number | null;
  /** Card games: the value drawn for an unused Double Rotate card; null when none was. */
  drawnCard: number | null;
}

/**
 * The columns a game has beyond the always-shown ones. A column is shown when
 * the rule set can give it a value (Kvizovka's rack penalty, Scrabble's rack
 * bonus) or when this report has one (a clock written on a Scrabble sheet); a
 * card game has no clock, racks or time penalties.
 */
export interface ReportColumns {
  /** Turn table: the clock written after the turn. */
  clock: boolean;
  /** Accounts: tiles left on the rack. */
  rackPenalty: boolean;
  /** Accounts: points from the others' racks. */
  rackBonus: boolean;
  /** Accounts: points taken off for going over time (only when a sheet writes them). */
  timePoints: boolean;
  /** Accounts: time penalties in minutes. */
  penalty: boolean;
  /** Accounts: time left on the clock. */
  remaining: boolean;
  /** Accounts, card games: cards taken. */
  cards: boolean;
  /** Accounts, card games: the card drawn for an unused Double Rotate. */
  drawnCard: boolean;
}

/** A verification report, translated and flattened for a page or a PDF. */
export interface ReportPresentation {
  /** The sheet is correct: no turn, cell or finding of the game is marked wrong, and it is finished. */
  ok: boolean;
  /** One sentence: correct, correct so far (a sheet that stops before the end), or has discrepancies. */
  verdict: string;
  /** How the verdict is shown: `ok` ✓ green, `warn` … yellow (correct so far), `bad` ✗ red. */
  tone: 'ok' | 'warn' | 'bad';
  sign: '✓' | '…' | '✗';
  /** `Pobeda: Ana Petrović, po poenima`. */
  resultText: string;
  turns: TurnLine[];
  accounts: AccountLine[];
  /** Findings of the whole game (final scores, clocks). */
  gameIssues: IssueLine[];
  /** Every square any finding names: outline them on the board. */
  highlight: string[];
  /** Headers of the play and words columns: a card game's turn is a rotation that takes cards. */
  headers: { play: string; words: string };
  /** Which optional columns this game's tables have. */
  columns: ReportColumns;
  /** What was left out of a report too large to draw whole (`REPORT_BOUNDS`), in sentences. */
  omissions: string[];
}

const STATUS_TONE: Partial<Record<string, Tone>> = {
  ok: 'ok',
  'score-mismatch': 'bad',
  illegal: 'bad',
  withdrawn: 'warn',
  exchange: 'muted',
  pass: 'muted',
};

/**
 * A translated label for a key built at run time. When the tables lack it, English
 * shows the fallback (the engine's own word); Serbian shows nothing rather than an
 * English or internal word.
 */
function label(lang: Lang, key: string, fallback: string): string {
  if (isMessageKey(key)) return t(lang, key);
  return lang === 'en' ? fallback : '';
}

const SEVERITY_TONE: Record<Issue['severity'], Tone> = {
  error: 'bad',
  warning: 'warn',
  info: 'muted',
};

/**
 * The figures of a finding, as the engine gives them: what the sheet wrote, what
 * the rules give, and on a slip how many later written totals follow from it.
 * Read through this type so that reports written before the engine had them
 * still read (the figures are then taken from the turn and the accounts).
 */
interface IssueFigures {
  written?: number | string;
  computed?: number | string;
  carried?: number;
}

/** Placement findings: a sentence about the word, with its squares. */
const PLACEMENT_CODES = new Set<string>([
  'NOT_CONNECTED',
  'FIRST_PLAY_OFF_CENTRE',
  'WORD_TOO_SHORT',
  'SQUARE_OCCUPIED',
  'BLOCKED_SQUARE',
  'GAP_IN_PLAY',
  'WORD_EXTENDS',
  'OFF_BOARD',
  'NO_TILES_PLACED',
]);

const present = (x: number | string | null | undefined): x is number | string =>
  x !== null && x !== undefined && x !== '';

/** `written` and `computed` of a finding: its own figures, else the turn's or the account's. */
function figuresOf(
  issue: Issue,
  report: VerificationReport | undefined,
): { written?: number | string; computed?: number | string } {
  const own = issue as Issue & IssueFigures;
  if (present(own.written) || present(own.computed)) {
    return { written: own.written, computed: own.computed };
  }
  const turn = issue.turn !== undefined ? report?.turns[issue.turn] : undefined;
  const player = issue.player !== undefined ? report?.players[issue.player] : undefined;
  // A string, not the code union: most codes have no figures, and `default` says so.
  switch (issue.code as string) {
    case 'SCORE_MISMATCH':
      return turn
        ? { written: turn.score.claimed ?? undefined, computed: turn.score.computed }
        : {};
    case 'TOTAL_MISMATCH':
      return turn
        ? { written: turn.total.claimed ?? undefined, computed: turn.total.computed }
        : {};
    case 'FINAL_MISMATCH':
      return player ? { written: player.claimedFinal ?? undefined, computed: player.final } : {};
    case 'CARDS_MISMATCH':
      // Only a count that differs: the engine also flags card values that differ with the same count.
      return turn?.cards &&
        turn.cards.claimed !== null &&
        turn.cards.claimed !== turn.cards.computed
        ? { written: turn.cards.claimed, computed: turn.cards.computed }
        : {};
    case 'CLOCK_EXPIRED':
      // The turn's clock is its player's: a penalty may run out the other player's.
      if (turn?.clock && issue.player === turn.player) {
        return { written: turn.clock.claimed, computed: turn.clock.remaining };
      }
      return {};
    default:
      return {};
  }
}

/**
 * The turns (from 1) of the player's slips a written final follows from: when the
 * final is off by what the player's last written total was off by, the slips found
 * since the sheet's totals last agreed with the rules (as the engine's English says).
 */
function slipsCarriedToFinal(
  report: VerificationReport,
  player: number,
  difference: number,
): number[] {
  let drift = 0;
  let slips: number[] = [];
  for (const turn of report.turns) {
    if (turn.player !== player) continue;
    if (turn.issues.some((i) => i.code === 'SCORE_MISMATCH' || i.code === 'TOTAL_MISMATCH')) {
      slips.push(turn.index + 1);
    }
    if (turn.total.claimed !== null) {
      drift = turn.total.claimed - turn.total.computed;
      if (drift === 0) slips = [];
    }
  }
  return difference !== 0 && difference === drift ? slips : [];
}

/** Slips whose difference later written totals carry (`carried` on the finding). */
const CARRIED_SLIPS = new Set(['SCORE_MISMATCH', 'TOTAL_MISMATCH', 'LETTER_MISMATCH']);

/**
 * The turn (index) of the slip each written total follows from, by the total's turn: a slip's
 * finding says how many of its player's written totals after the slipped figure follow from
 * it (a wrong score's own total among them), as the engine counts them.
 */
function carriedTotals(report: VerificationReport): Map<number, number> {
  const from = new Map<number, number>();
  for (const turn of report.turns) {
    for (const issue of turn.issues) {
      const carried = (issue as Issue & IssueFigures).carried ?? 0;
      if (!CARRIED_SLIPS.has(issue.code) || carried <= 0) continue;
      const player = issue.player ?? turn.player;
      let left = carried;
      const first = issue.code === 'TOTAL_MISMATCH' ? turn.index + 1 : turn.index;
      for (let i = first; i < report.turns.length && left > 0; i++) {
        const later = report.turns[i];
        if (later.player !== player || later.total.claimed === null) continue;
        if (!from.has(i)) from.set(i, turn.index);
        left--;
      }
    }
  }
  return from;
}

/**
 * The sheet's own addition on a turn whose written total is wrong, when that is where it went
 * wrong: the player's total written before, the score written, and their sum, which the total
 * written is not. Null when the sheet added right (its figures are then what differ from the
 * rules') or did not write what it added.
 */
function sheetAddition(
  report: VerificationReport,
  turn: TurnReport,
): { before: number; score: number; sum: number } | null {
  const written = turn.total.claimed;
  const score = turn.score.claimed;
  // A total less the points stolen from the player (Qwibble) is the engine's to explain.
  if (written === null || score === null || findRuleSet(report.rules)?.stealing) return null;
  let before = 0;
  for (let i = turn.index - 1; i >= 0; i--) {
    const earlier = report.turns[i];
    if (earlier.player !== turn.player) continue;
    if (earlier.total.claimed === null) return null;
    before = earlier.total.claimed;
    break;
  }
  const sum = before + score;
  return sum === written ? null : { before, score, sum };
}

/** The turns each player has had, of the rules' number: `Ana 6 od 10, Bora 5 od 10`. */
function turnsOfEach(lang: Lang, report: VerificationReport, limit: number): string {
  return report.players
    .map((p) => t(lang, 'finding.turnsOf', { name: p.name, n: p.turns, limit }))
    .join(', ');
}

/** Whether a sheet stops before the game is over (its `END_NOT_RECORDED` finding). */
function isUnfinished(report: VerificationReport): boolean {
  return report.issues.some((i) => i.code === 'END_NOT_RECORDED');
}

/**
 * For a sheet that stops before the game is over, the turns each player has had: of the rules'
 * number (`Ana 6 od 10`, {@link turnsOfEach}, which the `END_NOT_RECORDED` finding carries as
 * `computed`), or just the count in a game without a turn limit (`Ana 7`); null for any other
 * sheet. The sheet pages ask with it before such a sheet becomes the result.
 */
export function unfinishedTurns(lang: Lang, report: VerificationReport): string | null {
  const notOver = report.issues.find((i) => i.code === 'END_NOT_RECORDED');
  if (!notOver) return null;
  if (typeof notOver.computed === 'number') return turnsOfEach(lang, report, notOver.computed);
  return report.players.map((p) => `${p.name} ${p.turns}`).join(', ');
}

/** The words a play scores and its bonuses, `TOPAO 16, sve pločice +50`. */
function scoreParts(lang: Lang, turn: TurnReport): string {
  const parts = turn.words.map((w) => `${w.word} ${w.score}`);
  for (const b of turn.bonuses) parts.push(`${t(lang, `game.bonus.${b.kind}`)} +${b.points}`);
  return parts.join(', ');
}

/** A player's name for a finding, never an index: `Ana Petrović`, else `Igrač 2`. */
function playerName(lang: Lang, report: VerificationReport | undefined, player: number): string {
  return report?.players[player]?.name ?? t(lang, 'finding.player', { n: player + 1 });
}

type Figure = number | string;

/** `; iz toga slede i kasniji upisani zbirovi, njih 3`: the totals a slip carried on, or ''. */
function carriedText(lang: Lang, issue: Issue): string {
  const carried = (issue as Issue & IssueFigures).carried ?? 0;
  if (carried === 1) return `; ${t(lang, 'finding.carriedOne')}`;
  if (carried > 1) return `; ${t(lang, 'finding.carriedMany', { n: carried })}`;
  return '';
}

/**
 * A turn's score or total that disagrees, with what the rules' score is made of (`(TOPAO 16)`)
 * or where the sheet's addition goes wrong, and the totals it carried on.
 */
function figureSentence(
  lang: Lang,
  issue: Issue,
  written: Figure,
  computed: Figure,
  turn: TurnReport | undefined,
  report: VerificationReport | undefined,
): string {
  let body = t(lang, `finding.${issue.code as 'SCORE_MISMATCH' | 'TOTAL_MISMATCH'}`, {
    written,
    computed,
  });
  // What the rules' figure is made of, as the English message gives it: `(TOPAO 16)`.
  if (issue.code === 'SCORE_MISMATCH' && turn && turn.words.length > 0)
    body += ` (${scoreParts(lang, turn)})`;
  const addition =
    issue.code === 'TOTAL_MISMATCH' && turn && report ? sheetAddition(report, turn) : null;
  if (addition) body += ` (${t(lang, 'finding.additionOff', addition)})`;
  return body + carriedText(lang, issue);
}

/** A final that disagrees, and the turns whose slips it follows from. */
function finalSentence(
  lang: Lang,
  issue: Issue,
  written: Figure,
  computed: Figure,
  report: VerificationReport | undefined,
): string {
  let body = t(lang, 'finding.FINAL_MISMATCH', {
    written,
    computed,
  });
  const follows =
    report &&
    issue.player !== undefined &&
    typeof written === 'number' &&
    typeof computed === 'number'
      ? slipsCarriedToFinal(report, issue.player, written - computed)
      : [];
  if (follows.length === 1) body += `; ${t(lang, 'finding.followsOne', { turn: follows[0] })}`;
  else if (follows.length > 1) {
    const turns = `${follows.slice(0, -1).join(', ')} ${t(lang, 'finding.and')} ${follows[follows.length - 1]}`;
    body += `; ${t(lang, 'finding.followsMany', { turns })}`;
  }
  return body;
}

/** An end-of-game field that cannot be read (a clock, a rack), as written; null: no sentence. */
function endFieldSentence(
  lang: Lang,
  issue: Issue,
  written: Figure,
  report: VerificationReport | undefined,
): string | null {
  const rackSize = report ? findRuleSet(report.rules)?.rackSize : undefined;
  if (issue.field === 'clocks') return t(lang, 'finding.END_FIELD_UNREADABLE.clocks', { written });
  if (issue.character !== undefined && issue.position !== undefined)
    return t(lang, 'finding.END_FIELD_UNREADABLE.racks.character', {
      written,
      character: issue.character,
      position: issue.position,
    });
  if (rackSize !== undefined)
    return t(lang, 'finding.END_FIELD_UNREADABLE.racks', { written, max: rackSize });
  return null;
}

/**
 * A finding as a sentence of the language, with the figures when the engine gives
 * them (or the turn and the accounts do): `5. potez: u zapisniku su poeni 18, po
 * pravilima 13; iz toga slede i kasniji upisani zbirovi, njih 3`. Without figures, the
 * code's label with the word and squares. Never the code, an index or English.
 */
function findingSentence(
  lang: Lang,
  issue: Issue,
  codeLabel: string,
  report: VerificationReport | undefined,
): string {
  const { written, computed } = figuresOf(issue, report);
  const turn = issue.turn !== undefined ? report?.turns[issue.turn] : undefined;
  const both = present(written) && present(computed) && written !== computed;
  const squares = issue.squares ?? [];
  const squaresText = squares.length
    ? squares.length === 1
      ? t(lang, 'game.square', { square: squares[0] })
      : t(lang, 'game.squares', { squares: squares.join(', ') })
    : '';
  let body: string | null = null;
  // A string, not the code union: the codes without a sentence of their own go to `default`.
  switch (issue.code as string) {
    case 'SCORE_MISMATCH':
    case 'TOTAL_MISMATCH':
      if (both) body = figureSentence(lang, issue, written, computed, turn, report);
      break;
    case 'FINAL_MISMATCH':
      if (both) body = finalSentence(lang, issue, written, computed, report);
      break;
    case 'CARDS_MISMATCH':
      if (both) {
        body = t(
          lang,
          typeof written === 'number' && typeof computed === 'number'
            ? 'finding.CARDS_MISMATCH'
            : 'finding.CARDS_MISMATCH.values',
          { written, computed },
        );
      }
      break;
    case 'RACK_MISMATCH':
      if (both) body = t(lang, 'finding.RACK_MISMATCH', { written, computed });
      break;
    case 'LETTER_MISMATCH': {
      if (!both) break;
      body = t(lang, 'finding.LETTER_MISMATCH', { written, computed });
      body += carriedText(lang, issue);
      break;
    }
    case 'CLOCK_EXPIRED': {
      const clocks = [
        present(written) ? t(lang, 'finding.clockReads', { clock: written }) : '',
        present(computed) && computed !== written
          ? t(lang, 'finding.clockAfterPenalties', { clock: computed })
          : '',
      ].filter(Boolean);
      body = [...clocks, t(lang, 'finding.CLOCK_EXPIRED')].join(', ');
      break;
    }
    case 'CHALLENGE_UPHELD':
    case 'CHALLENGE_FAILED': {
      // The label says how the challenge went; the turn says who pays for it.
      const penalty = turn?.penalty;
      body = penalty
        ? `${codeLabel}; ${t(lang, 'finding.penalty', {
            name: playerName(lang, report, penalty.player),
            n: penalty.minutes,
          })}`
        : codeLabel;
      break;
    }
    case 'EXCHANGE_SIZE': {
      const rackSize = report ? findRuleSet(report.rules)?.rackSize : undefined;
      if (present(written) && rackSize !== undefined)
        body = t(lang, 'finding.EXCHANGE_SIZE', { written, max: rackSize });
      break;
    }
    case 'END_FIELD_UNREADABLE':
      if (present(written)) body = endFieldSentence(lang, issue, written, report);
      break;
    case 'UNKNOWN_WORD':
      if (issue.word) body = t(lang, 'finding.UNKNOWN_WORD', { word: issue.word });
      break;
    case 'END_NOT_RECORDED':
      if (typeof issue.computed === 'number' && report) {
        body = t(lang, 'finding.END_NOT_RECORDED', {
          limit: issue.computed,
          turns: turnsOfEach(lang, report, issue.computed),
        });
      } else {
        body = t(lang, 'finding.END_NOT_RECORDED.open');
      }
      break;
    default:
      if (PLACEMENT_CODES.has(issue.code) && issue.word) {
        body = t(lang, `finding.${issue.code}` as MessageKey, { word: issue.word });
      } else if (both) {
        body = `${codeLabel}: ${t(lang, 'finding.figures', { written, computed })}`;
      }
  }
  if (body === null) {
    // No sentence of its own: the label, with the word.
    body = issue.word ? `${codeLabel}: ${issue.word}` : codeLabel;
  }
  if (squaresText) body += ` (${squaresText})`;
  // A withdrawn play's placement problems are only notes (docs/rulings.md, rule 10): the tiles
  // came off the board regardless, and the sentence says so, as the English message does.
  if (
    turn?.status === 'withdrawn' &&
    issue.severity === 'warning' &&
    PLACEMENT_CODES.has(issue.code)
  )
    body += `; ${t(lang, 'finding.withdrawnAnyway')}`;
  // A finding that names no square says which play it is about, as written on the sheet:
  // `5. potez (C7 T.PAO)`, so that the sentence names the squares and the word.
  const where =
    issue.turn !== undefined
      ? t(lang, 'game.turnN', { n: issue.turn + 1 }) +
        (squares.length === 0 && turn?.kind === 'play' && turn.play ? ` (${turn.play})` : '')
      : t(lang, 'finding.end');
  // The player is named when the turn does not say who it is: at the end of the game, a
  // penalty that runs out the other player's clock, any clock that runs out.
  const who =
    issue.player !== undefined &&
    (turn === undefined || turn.player !== issue.player || issue.code === 'CLOCK_EXPIRED')
      ? `, ${playerName(lang, report, issue.player)}`
      : '';
  return `${where}${who}: ${body}`;
}

/**
 * One finding in words. English keeps the engine's message (it has the
 * arithmetic); Serbian gets a sentence built from the code, the figures, the word
 * and the squares. With the report, a finding without figures of its own takes
 * them from its turn or the player's account, and names the player.
 */
export function issueLine(lang: Lang, issue: Issue, report?: VerificationReport): IssueLine {
  const known = isMessageKey(`issue.${issue.code}`);
  // A code the tables lack: English may name it; Serbian says "finding", never the code.
  const codeLabel = known
    ? t(lang, `issue.${issue.code}` as MessageKey)
    : lang === 'en'
      ? issue.code
      : t(lang, 'finding.unknown');
  const squares = issue.squares ?? [];
  const text =
    // An unreadable end field's message names the engine's path: every page says its sentence.
    lang === 'en' && issue.message && issue.code !== 'END_FIELD_UNREADABLE'
      ? issue.message
      : findingSentence(lang, issue, codeLabel, report);
  return {
    code: issue.code,
    severity: issue.severity,
    severityLabel: label(lang, `severity.${issue.severity}`, issue.severity),
    tone: SEVERITY_TONE[issue.severity],
    label: codeLabel,
    text,
    turn: issue.turn === undefined ? null : issue.turn + 1,
    squares,
  };
}

const num = (n: number | null | undefined): string =>
  n === null || n === undefined ? '' : String(n);

/** A card game's turn: `cards: 6 (C2 -1, D2 3, …)`, `cards: 5≠6` when the sheet says otherwise. */
function cardsText(lang: Lang, turn: TurnReport): string {
  if (!turn.cards) return '';
  const { claimed, computed } = turn.cards;
  const n = claimed !== null && claimed !== computed ? `${claimed}≠${computed}` : computed;
  const taken = turn.taken?.length ? ` (${turn.taken.join(', ')})` : '';
  return t(lang, 'game.cardsTaken', { n }) + taken;
}

/** The rule set of a report with the game's options applied, or undefined for an unknown id. */
function reportRuleSet(rules: string, options?: RuleOptions): RuleSet | undefined {
  const found = findRuleSet(rules);
  if (!found) return undefined;
  try {
    return compileRules(found, options).ruleSet;
  } catch {
    return found;
  }
}

/** Which optional columns a report's tables need: see {@link ReportColumns}. */
export function reportColumns(report: VerificationReport, ruleSet?: RuleSet): ReportColumns {
  const players = report.players;
  const cardGame = ruleSet?.cards !== undefined || report.turns.some((t) => t.kind === 'rotate');
  if (cardGame) {
    return {
      clock: false,
      rackPenalty: false,
      rackBonus: false,
      timePoints: false,
      penalty: false,
      remaining: false,
      cards: players.some((p) => p.cards !== undefined),
      drawnCard: players.some((p) => p.drawnCard !== undefined && p.drawnCard !== null),
    };
  }
  const clock = report.turns.some((t) => t.clock !== undefined);
  const penalty =
    players.some((p) => p.penaltyMinutes > 0) || report.turns.some((t) => t.penalty !== undefined);
  const end = ruleSet?.endOfGame;
  const stalled = end?.stalled ?? 'lose';
  // Without the rule set (an unknown id), every column is shown as before.
  const racksLost =
    !ruleSet ||
    (ruleSet.rackSize > 0 &&
      (end!.goingOut === 'none' ||
        end!.goingOut === 'transfer' ||
        stalled === 'lose' ||
        end!.jokerOnRack > 0));
  const racksGained =
    !ruleSet ||
    end!.goingOut === 'transfer' ||
    end!.goingOut === 'double' ||
    end!.goingOut === 'gain' ||
    stalled === 'gain';
  const fullClock = ruleSet ? ruleSet.clock.minutes * 60 : null;
  return {
    clock,
    rackPenalty: racksLost || players.some((p) => p.rackPenalty !== 0),
    rackBonus: racksGained || players.some((p) => p.rackBonus !== 0),
    timePoints: players.some((p) => p.timePenalty !== undefined),
    penalty,
    // Remaining time is the full clock less penalties unless a clock was written: only
    // worth a column when some clock was read, time decided the game or it differs.
    remaining:
      clock ||
      penalty ||
      fullClock === null ||
      players.some((p) => p.timeExpired || p.remainingSeconds !== fullClock) ||
      report.result.reason === 'time-expired' ||
      report.result.reason === 'time-tiebreak',
    cards: false,
    drawnCard: false,
  };
}

/**
 * A turn of the report as its table line: what was played, the figures written and computed,
 * its notes and findings, and whether the line is flagged (`carriedFrom`: the turn whose slip
 * a total only carries on).
 */
function turnLine(
  lang: Lang,
  turn: TurnReport,
  report: VerificationReport,
  names: string[],
  carriedFrom: Map<number, number>,
): TurnLine {
  const issues = turn.issues.map((i) => issueLine(lang, i, report));
  const squares = [...new Set(issues.flatMap((i) => i.squares))];
  const play =
    turn.kind === 'exchange'
      ? turn.exchanged !== undefined
        ? t(lang, 'game.exchange', { n: turn.exchanged })
        : t(lang, 'game.exchangeShort')
      : turn.kind === 'pass'
        ? t(lang, 'game.pass')
        : (turn.play ?? '');
  const bonuses = turn.bonuses.map((b) =>
    `${label(lang, `game.bonus.${b.kind}`, b.kind)} ${b.points}`.trim(),
  );
  const extraText = [...bonuses.map((b) => `+ ${b}`), cardsText(lang, turn)]
    .filter(Boolean)
    .join(' ');
  const wordsText = [turn.words.map((w) => `${w.word} ${w.score}`).join(', '), extraText]
    .filter(Boolean)
    .join(' ');
  const notes: string[] = [];
  if (
    turn.status === 'withdrawn' &&
    turn.withdrawnScore !== undefined &&
    turn.withdrawnScore !== null
  ) {
    notes.push(t(lang, 'game.withdrawn', { n: turn.withdrawnScore }));
  }
  if (turn.challengeBonus) notes.push(t(lang, 'game.challengeBonus', { n: turn.challengeBonus }));
  if (turn.penalty) {
    notes.push(
      `${t(lang, 'game.penalty')}: ${names[turn.penalty.player] ?? ''} ${t(lang, 'game.minutes', { n: turn.penalty.minutes })}`.trim(),
    );
  }
  const unknownWordNotes = turn.words
    .filter((w) => w.known === false)
    .map((w) => `${w.word}: ${t(lang, 'game.unknownWord')}`);
  // A withdrawn play keeps the score written for it; that is not a mismatch.
  const counts = turn.status !== 'withdrawn';
  const scoreMismatch =
    counts && turn.score.claimed !== null && turn.score.claimed !== turn.score.computed;
  const totalMismatch =
    counts && turn.total.claimed !== null && turn.total.claimed !== turn.total.computed;
  // A total that only carries an earlier slip is that slip's, not a finding of its own.
  const slip = carriedFrom.get(turn.index);
  const carried = totalMismatch && !scoreMismatch && slip !== undefined && slip !== turn.index;
  const status =
    turn.status === 'score-mismatch' && !scoreMismatch && totalMismatch
      ? 'total-mismatch'
      : turn.status;
  return {
    index: turn.index,
    number: turn.index + 1,
    player: turn.player,
    playerName: names[turn.player] ?? t(lang, 'finding.player', { n: turn.player + 1 }),
    kind: turn.kind,
    status: turn.status,
    statusLabel: label(lang, `status.${status}`, status),
    // A correct turn with a warning (a word not in the dictionary) is not shown as all right.
    tone:
      turn.status === 'ok' && (carried || issues.some((i) => i.severity === 'warning'))
        ? 'warn'
        : (STATUS_TONE[turn.status] ?? 'muted'),
    play,
    reading: turn.reading && turn.reading !== turn.play ? turn.reading : null,
    words: turn.words.map((w) => ({
      word: w.word,
      score: w.score,
      known: w.known,
      main: w.main,
    })),
    wordsText,
    extraText,
    scoreClaimed: num(turn.score.claimed),
    scoreComputed: num(turn.score.computed),
    scoreMismatch,
    totalClaimed: num(turn.total.claimed),
    totalComputed: num(turn.total.computed),
    totalMismatch,
    clock: turn.clock ? turn.clock.claimed : '',
    notes,
    unknownWordNotes,
    carriedNote: carried ? t(lang, 'game.carriedTotal', { n: slip + 1 }) : null,
    issues,
    // Under the status, in its lower case: `pogrešni poeni`, then `pogrešan zbir`.
    statusIssues: issues
      // An unknown word is the turn's note already, with the word (`TORA: nije u rečniku`).
      .filter(
        (i) =>
          !(STATUS_OF_ISSUE[i.code] === status && i.squares.length === 0) &&
          i.code !== 'UNKNOWN_WORD',
      )
      .map((i) => ({ ...i, label: lowerFirst(i.label, lang) })),
    squares,
    flagged:
      scoreMismatch ||
      (totalMismatch && !carried) ||
      turn.status === 'illegal' ||
      issues.some((i) => i.severity === 'error'),
  };
}

/**
 * The turns, accounts and findings of a report in a language. `options` are
 * the game's rule options, when known (they decide which columns show).
 */
export function presentReport(
  whole: VerificationReport,
  lang: Lang,
  options: { ruleOptions?: RuleOptions } = {},
): ReportPresentation {
  const { report, omitted } = boundReport(whole);
  const omissions: string[] = [];
  if (omitted.turns) omissions.push(t(lang, 'game.turnsOmitted', omitted.turns));
  if (omitted.issues) omissions.push(t(lang, 'game.issuesOmitted', omitted.issues));
  const ruleSet = reportRuleSet(report.rules, options.ruleOptions);
  const names = report.players.map((p) => p.name);
  const highlight = new Set<string>();
  const carriedFrom = carriedTotals(report);
  const turns = report.turns.map((turn) => turnLine(lang, turn, report, names, carriedFrom));
  turns.forEach((line) => line.squares.forEach((s) => highlight.add(s)));
  const gameIssues = report.issues.map((i) => issueLine(lang, i, report));
  gameIssues.forEach((i) => i.squares.forEach((s) => highlight.add(s)));
  const accounts = report.players.map((p, i): AccountLine => ({
    name: p.name,
    moves: p.moves,
    rackPenalty: p.rackPenalty,
    rackBonus: p.rackBonus,
    timePoints: p.timePenalty ?? 0,
    final: p.final,
    claimedFinal: p.claimedFinal,
    finalMismatch: p.claimedFinal !== null && p.claimedFinal !== p.final,
    penaltyMinutes: p.penaltyMinutes,
    remaining: p.remaining,
    timeExpired: p.timeExpired,
    winner: report.result.winner === i,
    cards: p.cards ?? null,
    drawnCard: p.drawnCard ?? null,
  }));
  // One source for the verdict and the cells: the sheet is wrong exactly when a turn, a finding
  // of the game or a final is marked wrong (or the engine says so with nothing marked: a report
  // from elsewhere). A sheet that stops before the end is right so far at best.
  const wrong =
    turns.some((line) => line.flagged) ||
    gameIssues.some((i) => i.tone === 'bad') ||
    accounts.some((a) => a.finalMismatch) ||
    (!report.ok && !isUnfinished(report));
  const tone = wrong ? 'bad' : isUnfinished(report) ? 'warn' : 'ok';
  return {
    ok: tone === 'ok',
    // The board outlines the squares the findings name; most slips of figures name none.
    verdict: t(
      lang,
      tone === 'bad'
        ? highlight.size > 0
          ? 'game.notOk'
          : 'game.notOkTurns'
        : tone === 'warn'
          ? 'game.okSoFar'
          : 'game.ok',
    ),
    tone,
    sign: VERDICT_SIGN[tone],
    resultText: resultSentence(lang, report),
    turns,
    accounts,
    gameIssues,
    highlight: [...highlight],
    headers: ruleSet?.cards
      ? { play: t(lang, 'col.rotation'), words: t(lang, 'col.cards') }
      : { play: t(lang, 'col.position'), words: t(lang, 'col.words') },
    columns: reportColumns(report, ruleSet),
    omissions,
  };
}

const VERDICT_SIGN = { ok: '✓', warn: '…', bad: '✗' } as const;

/** Why a game was won, `na vreme: …`; a reason the tables lack as `label` says. */
export function reasonText(lang: Lang, reason: string): string {
  return label(lang, `reason.${reason}`, reason);
}

/**
 * `Pobeda: Ana Petrović, po poenima` / `Nerešeno`; of a sheet that stops before the game is over,
 * who leads (`Vodi: Ana Petrović`): nobody has won yet.
 */
export function resultSentence(lang: Lang, report: VerificationReport): string {
  const { winner, reason } = report.result;
  const unfinished = isUnfinished(report);
  if (winner === null) return t(lang, unfinished ? 'result.level' : 'result.drawn');
  const name = report.players[winner]?.name ?? t(lang, 'finding.player', { n: winner + 1 });
  if (unfinished) return t(lang, 'result.leads', { name });
  const why = reasonText(lang, reason);
  return why ? `${t(lang, 'result.wonBy', { name })}, ${why}` : t(lang, 'result.wonBy', { name });
}
