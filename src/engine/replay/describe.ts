import { TurnReport } from '../report/report';
import { CompiledRules } from '../rules/compiled';
import { LegalPlay } from './board';

/**
 * Gives an applied play's turn report its squares, its words (text, score, whether known,
 * position) and its bonuses. `withList` says whether the words were looked up (each answer is
 * on its formed word); `wordScores` replaces the words' own scores (stealing games).
 */
export function describePlay(
  rules: CompiledRules,
  report: TurnReport,
  play: LegalPlay,
  withList: boolean,
  wordScores: readonly number[] | null,
): void {
  // Loops rather than `map`: every play of every read report passes here. The squares' list is
  // grown by push rather than made at its size: one made by `new Array(n)` is holey to V8, and
  // JSON.stringify on Node 20 writes a holey list element by element through a property lookup.
  const { placedSquares } = play;
  const { squareNames, alphabet } = rules;
  const placed: string[] = [];
  for (let i = 0; i < placedSquares.length; i++) placed.push(squareNames[placedSquares[i]]);
  report.placed = placed;
  // Each list named rather than looked up by the direction's name (a slow lookup in V8).
  const { across, down } = rules.positionNames;
  const formed = play.words;
  for (let k = 0; k < formed.length; k++) {
    const w = formed[k];
    const entry = {
      word: alphabet.formatWord(w.tiles),
      score: wordScores !== null ? wordScores[k] : w.score,
      known: withList ? (w.known as boolean) : null,
      position: w.direction === 'across' ? across[w.start] : down[w.start],
      main: w.main,
    };
    // Most plays form one word: a list of one, rather than one grown by push (room for 17).
    if (k === 0) report.words = [entry];
    else report.words.push(entry);
  }
  const { bonuses } = play;
  if (bonuses.length > 0) report.bonuses = [];
  for (let i = 0; i < bonuses.length; i++) {
    const b = bonuses[i];
    report.bonuses.push(
      b.word === undefined
        ? { kind: b.kind, points: b.points }
        : { kind: b.kind, points: b.points, word: report.words[b.word].word },
    );
  }
}
