import { findText } from '../common/api/well-formed';
import { defaultWordList } from '../dictionary/default-lists';
import { gcgToScoresheet, parseGcg, verifyGameSheet } from '../engine';
import type { VerificationReport, WordList } from '../engine';
import { nameKey } from '../i18n/names';
import { figuresFromReport } from '../results/figures';
import { SheetRefused } from '../results/sheet-refused';
import type { DocumentError, TournamentDocument } from './format';

/**
 * The first text of a document, anywhere (a value or a key), holding U+0000:
 * no PostgreSQL text or JSON column stores it, so it would fail deep inside
 * the import's transaction. Returned as a problem at its path, or none.
 */
export function unstorableText(doc: unknown): DocumentError[] {
  // eslint-disable-next-line no-control-regex
  const found = findText(doc, /\u0000/);
  if (!found) return [];
  const what = found.key ? 'a key here' : 'the text';
  return [
    {
      path: found.path,
      message: `${what} holds the NUL character (U+0000) at character ${found.at}, which no database stores`,
    },
  ];
}

/** The sheet a stored text holds: a GCG record when it starts with `#`, else JSON. */
function sheetOf(
  text: string,
  rules: string,
): { ok: true; doc: unknown } | { ok: false; why: string } {
  if (text.trimStart().startsWith('#')) {
    const parsed = parseGcg(text);
    const converted = parsed.ok ? gcgToScoresheet(parsed.game, rules) : parsed;
    if (!converted.ok) return { ok: false, why: 'is a GCG record that cannot be read' };
    return { ok: true, doc: converted.value.sheet };
  }
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: 'is neither a score sheet in JSON nor a GCG record' };
  }
}

/** A sheet verified again, found by its place in the document. */
export interface VerifiedSheet {
  division: number;
  round: number;
  game: number;
  report: VerificationReport;
  ok: boolean;
}

/** Which sheets one thread verifies (by their ordinal among the document's sheets), and who hears of each. */
export interface SheetShare {
  pick?: (ordinal: number) => boolean;
  verified?: (sheet: VerifiedSheet) => void;
}

/**
 * Where a document's stored report (and its `ok`) says other than the engine's report of the
 * same sheet, verified again: its verdict, its number of turns, a player's final score, or who
 * won and how. A report the server stored says what the engine says; one that does not (an
 * empty report over a sheet with findings, a verdict of `ok` over a wrong one) was made by
 * hand. A report of null, with `ok` null, is none stored: the engine's is taken.
 */
export function storedReportProblem(
  stored: unknown,
  storedOk: boolean | null,
  engine: VerificationReport,
): { field: 'report' | 'ok'; message: string } | null {
  const again = `the sheet verified again`;
  if (stored === null) {
    return storedOk === null
      ? null
      : { field: 'ok', message: `is ${storedOk} without a report; ${again} is ${engine.ok}` };
  }
  const r = stored as Partial<VerificationReport>;
  const differs = (what: string, theirs: unknown, ours: unknown) => ({
    field: 'report' as const,
    message: `does not match ${again}: ${what} ${JSON.stringify(theirs) ?? 'missing'} in the report, ${JSON.stringify(ours)} in the sheet`,
  });
  if (r.ok !== engine.ok) return differs('ok', r.ok, engine.ok);
  if (!Array.isArray(r.turns) || r.turns.length !== engine.turns.length)
    return differs('turns', Array.isArray(r.turns) ? r.turns.length : r.turns, engine.turns.length);
  const finals = engine.players.map((p) => p.final);
  const theirs = Array.isArray(r.players)
    ? r.players.map((p: unknown) => (p as { final?: unknown } | null)?.final)
    : r.players;
  if (JSON.stringify(theirs) !== JSON.stringify(finals))
    return differs('final scores', theirs, finals);
  const result = (x: Partial<VerificationReport['result']> | undefined) => ({
    winner: x?.winner,
    reason: x?.reason,
  });
  if (JSON.stringify(result(r.result)) !== JSON.stringify(result(engine.result)))
    return differs('result', result(r.result), result(engine.result));
  if (storedOk !== engine.ok)
    return { field: 'ok', message: `is ${String(storedOk)}; ${again} is ${engine.ok}` };
  return null;
}

/**
 * Verifies every score sheet of a checked document again from its own text,
 * with the engine and the game's rule set, options and players, as
 * `PUT /api/games/:id/scoresheet` does; the document's stored reports are
 * never trusted (a forged one would break the game's page and PDF): one that
 * says other than the engine's ({@link storedReportProblem}) is a problem at its
 * path, and each game's `report` and `ok` are replaced by the engine's, in
 * place. A sheet that is not the game's, or a result taken from a sheet that
 * says other scores, another winner or other clocks, is a problem at its path. Words are judged as
 * the server judges them: by the tournament's own list (`own`, the document's)
 * for divisions of the tournament's rule set, else by the rule set's default.
 * `share` verifies only some of the sheets (a thread's share of them) and tells each one.
 */
export function reverifySheets(
  doc: TournamentDocument,
  own: WordList | null = null,
  share: SheetShare = {},
): DocumentError[] {
  const errors: DocumentError[] = [];
  let ordinal = -1;
  const lists = new Map<string, WordList | null>();
  const wordsOf = (rules: string) => {
    if (own && rules === doc.tournament.ruleSet) return own;
    if (!lists.has(rules)) lists.set(rules, defaultWordList(rules));
    return lists.get(rules)!;
  };
  doc.divisions.forEach((division, d) => {
    const rules = division.settings?.ruleSet ?? doc.tournament.ruleSet;
    const options = division.settings?.options ?? doc.tournament.options;
    const names = new Map(division.players.map((p) => [p.ref, p.name]));
    division.rounds.forEach((round, r) => {
      round.games.forEach((game, g) => {
        const sheet = game.scoresheet;
        if (sheet === null || game.second === null) return;
        ordinal++;
        if (share.pick && !share.pick(ordinal)) return;
        const at = `divisions[${d}].rounds[${r}].games[${g}]`;
        const read = sheetOf(sheet.text, rules);
        if (!read.ok) {
          errors.push({ path: `${at}.scoresheet.text`, message: read.why });
          return;
        }
        const verified = verifyGameSheet(
          read.doc,
          {
            rules,
            options,
            players: game.seats
              ? game.seats.map((s) => names.get(s.player) ?? '')
              : [names.get(game.first) ?? '', names.get(game.second) ?? ''],
            sameName: (a, b) => nameKey(a) === nameKey(b),
          },
          { words: wordsOf(rules) },
        );
        if (!verified.ok) {
          const message = new SheetRefused(verified.refusal, { text: sheet.text, doc: read.doc })
            .message;
          errors.push({ path: `${at}.scoresheet.text`, message });
          return;
        }
        const report: VerificationReport = verified.report;
        const forged = storedReportProblem(sheet.report, sheet.ok, report);
        if (forged) {
          errors.push({ path: `${at}.scoresheet.${forged.field}`, message: forged.message });
          return;
        }
        sheet.report = report;
        sheet.ok = report.ok;
        share.verified?.({ division: d, round: r, game: g, report, ok: report.ok });
        if (game.seats && game.source === 'scoresheet') {
          // A table's seats hold the sheet's finals, seat by seat.
          const finals = report.players.map((p) => p.final);
          const seats = game.seats.map((s) => s.score);
          if (finals.join() !== seats.join()) {
            errors.push({
              path: `${at}.seats`,
              message: `the result is the sheet's, which gives ${finals.join('–')}, not ${seats.join('–')}`,
            });
          }
          return;
        }
        if (game.source !== 'scoresheet' || game.scores === null) return;
        const figures = figuresFromReport(report);
        if (game.scores[0] !== figures.scores[0] || game.scores[1] !== figures.scores[1]) {
          errors.push({
            path: `${at}.scores`,
            message: `the result is the sheet's, which gives ${figures.scores.join('–')}, not ${game.scores.join('–')}`,
          });
        } else if (game.winner !== figures.winner) {
          errors.push({
            path: `${at}.winner`,
            message: `the result is the sheet's, whose winner is ${figures.winner}, not ${String(game.winner)}`,
          });
        } else if (
          game.remaining !== null &&
          (game.remaining[0] !== figures.remaining[0] || game.remaining[1] !== figures.remaining[1])
        ) {
          errors.push({
            path: `${at}.remaining`,
            message: `the result is the sheet's, whose clocks leave ${figures.remaining.join(' and ')} seconds, not ${game.remaining.join(' and ')}`,
          });
        }
      });
    });
  });
  return errors;
}
