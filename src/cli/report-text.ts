import { Issue, IssueCode, TurnReport, VerificationReport } from '../engine/report/report';
import { columnLetter } from '../engine/rules/compiled';

/** How to draw a text report. */
export interface TextReportOptions {
  /** Layout characters of the board (row by row), to show premium squares that are still empty. */
  layout?: string;
  /** Use ANSI colours (for a terminal). */
  color?: boolean;
}

const RESULT_WORDS: Record<VerificationReport['result']['reason'], string> = {
  score: 'on score',
  'time-tiebreak': 'on remaining time (equal scores)',
  'time-expired': 'because the opponent ran out of time',
  draw: '',
  'tie-break': 'on the tie-break',
};

const TIE_BREAK_WORDS: Record<NonNullable<VerificationReport['result']['tieBreak']>, string> = {
  'target-first': 'reached the target first',
  'safe-points': 'most safe points',
  'tiles-played': 'most tiles played',
  'biggest-steal': 'most points stolen in one move',
  cards: 'most cards',
};

/**
 * The headline's words for each finding of the game that makes a sheet not OK (an error), for
 * one and for several: each kind is counted under its own words (a wrong overtime penalty is not
 * a final score that disagrees). A code not listed is counted under its code.
 */
const GAME_ERROR_WORDS: Partial<Record<IssueCode, readonly [one: string, many: string]>> = {
  FINAL_MISMATCH: ['final score disagrees', 'final scores disagree'],
  TIME_PENALTY_AMOUNT: [
    'overtime penalty is not as the rules give it',
    'overtime penalties are not as the rules give them',
  ],
  END_FIELD_UNREADABLE: [
    'entry of the end of the game cannot be read',
    'entries of the end of the game cannot be read',
  ],
  CARD_ALREADY_USED: [
    'card drawn at the end for a Double Rotate card that was played',
    'cards drawn at the end for Double Rotate cards that were played',
  ],
};

/** The game's errors counted by kind, in the order they first appear: `1 final score disagrees`. */
function gameErrorCounts(issues: readonly Issue[]): string[] {
  const counts = new Map<IssueCode, number>();
  for (const issue of issues) {
    if (issue.severity === 'error') counts.set(issue.code, (counts.get(issue.code) ?? 0) + 1);
  }
  return [...counts].map(([code, n]) => {
    const [one, many] = GAME_ERROR_WORDS[code] ?? [
      `finding of the game (${code})`,
      `findings of the game (${code})`,
    ];
    return `${n} ${n === 1 ? one : many}`;
  });
}

/**
 * A verification report as text for a judge: the turn table with every
 * disagreement marked, the issues, the players' accounts, the result and the
 * final board.
 */
export function renderReportText(
  report: VerificationReport,
  options: TextReportOptions = {},
): string {
  const paint = (code: string) => (text: string) =>
    options.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const red = paint('31;1');
  const yellow = paint('33');
  const dim = paint('2');
  const green = paint('32;1');
  const names = report.players.map((p) => p.name);
  const lines: string[] = [];

  const badTurns = report.turns.filter((t) => t.issues.some((i) => i.severity === 'error')).length;
  const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const unfinished = stopsBeforeTheEnd(report);
  const disagreements = [
    badTurns > 0 ? counted(badTurns, 'turn disagrees', 'turns disagree') : '',
    ...gameErrorCounts(report.issues),
    unfinished ? 'the sheet stops before the end (it does not say how the game ended)' : '',
  ].filter(Boolean);
  lines.push(
    `${report.rules}: ${names.join(' vs ')} — ` +
      (report.ok
        ? green('OK: the sheet agrees with the rules')
        : red(`NOT OK: ${disagreements.join(', ')}`)),
  );
  lines.push('');

  const cardGame = report.turns.some((t) => t.kind === 'rotate');
  lines.push(...turnTable(report, names, cardGame, { red, yellow }), '');
  lines.push(...findingLines(report, { red, yellow, dim }));
  lines.push(...playerLines(report, cardGame, red));
  const { winner, reason, tieBreak } = report.result;
  const why =
    reason === 'tie-break' && tieBreak
      ? `on the tie-break: ${TIE_BREAK_WORDS[tieBreak]} (equal scores)`
      : RESULT_WORDS[reason];
  // A sheet that stops before the end names no winner: the game is not over.
  if (unfinished) {
    lines.push(winner === null ? 'Result so far: level' : `Result so far: ${names[winner]} leads`);
  } else {
    lines.push(winner === null ? 'Result: draw' : `Result: ${names[winner]} wins ${why}`);
  }
  if (cardGame) {
    if (report.board.length > 0) {
      lines.push('');
      lines.push('Last recorded grid (colours clockwise from the top left, value; # blocked):');
      report.board.forEach((row, r) => lines.push(`  ${r + 1}  ${row}`));
    }
    return lines.join('\n') + '\n';
  }
  lines.push('');
  lines.push('Final board (# blocker, lower case joker, premium squares still empty shown dim):');
  lines.push(...drawBoardText(report.board, options.layout, dim));
  if (report.ownership) {
    lines.push('');
    lines.push(
      `Owners (${names.map((n, i) => `${String.fromCharCode(97 + i)} ${n}`).join(', ')}; upper case: safe):`,
    );
    lines.push(...drawBoardText(report.ownership, undefined, dim));
  }
  return lines.join('\n') + '\n';
}

type Paint = (text: string) => string;

/** The turn table: a row a turn, a bad play in red and a score the rules change in yellow. */
function turnTable(
  report: VerificationReport,
  names: string[],
  cardGame: boolean,
  { red, yellow }: { red: Paint; yellow: Paint },
): string[] {
  const stealing = report.ownership !== undefined;
  const header = cardGame
    ? [
        '#',
        'Round',
        'Player',
        'Rotate',
        'Cards taken',
        'Sheet',
        'Rules',
        'Cards',
        'Total',
        'Status',
      ]
    : ['#', 'Player', 'Play', 'Words', 'Sheet', 'Rules', 'Total', 'Clock', 'Status'];
  if (stealing) header.splice(4, 0, 'Stolen / made safe');
  const rows: string[][] = report.turns.map((t) => {
    if (cardGame) return cardRow(t, names);
    const row = turnRow(t, names);
    if (stealing) row.splice(4, 0, stealText(t, names));
    return row;
  });
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => [...r[c]].length)));
  const pad = (s: string, w: number, right = false) => {
    const fill = ' '.repeat(Math.max(0, w - [...s].length));
    return right ? fill + s : s + fill;
  };
  const numeric = new Set(cardGame ? [0, 1, 5, 6, 7] : stealing ? [0, 5, 6] : [0, 4, 5]);
  const lines = [
    header.map((h, c) => pad(h, widths[c], numeric.has(c))).join('  '),
    widths.map((w) => '-'.repeat(w)).join('  '),
  ];
  report.turns.forEach((t, i) => {
    const cells = rows[i].map((cell, c) => pad(cell, widths[c], numeric.has(c)));
    const line = cells.join('  ');
    lines.push(
      t.status === 'illegal' ? red(line) : t.status === 'score-mismatch' ? yellow(line) : line,
    );
  });
  return lines;
}

/** Every finding, the turns' then the game's, each marked by its severity. */
function findingLines(
  report: VerificationReport,
  { red, yellow, dim }: { red: Paint; yellow: Paint; dim: Paint },
): string[] {
  const lines: string[] = [];
  const turnIssues = report.turns.flatMap((t) => t.issues);
  const allIssues: Issue[] = [...turnIssues, ...report.issues];
  if (allIssues.length > 0) {
    lines.push('Findings:');
    for (const issue of allIssues) {
      const mark =
        issue.severity === 'error'
          ? red('✗')
          : issue.severity === 'warning'
            ? yellow('!')
            : dim('i');
      const where =
        issue.squares && issue.squares.length > 0 ? ` [${issue.squares.join(' ')}]` : '';
      lines.push(`  ${mark} ${issue.code}: ${issue.message}${where}`);
    }
    lines.push('');
  }

  return lines;
}

/** Each player's account: moves, racks, final (the sheet's beside it), time. */
function playerLines(report: VerificationReport, cardGame: boolean, red: Paint): string[] {
  const lines = ['Players:'];
  for (const p of report.players) {
    const claimed =
      p.claimedFinal === null
        ? ''
        : p.claimedFinal === p.final
          ? ` (sheet ${p.claimedFinal})`
          : red(` (sheet says ${p.claimedFinal})`);
    const penalty = p.penaltyMinutes > 0 ? `, time penalties ${p.penaltyMinutes} min` : '';
    const expired = p.timeExpired ? red(', lost on time') : '';
    if (cardGame) {
      const drawn = p.drawnCard ? ` + drawn card ${p.drawnCard}` : '';
      lines.push(
        `  ${p.name}: points ${p.moves}${drawn} = ${p.final}${claimed}; ${p.cards ?? 0} cards`,
      );
      continue;
    }
    const gained = `${p.rackBonus > 0 ? ` + others' racks ${p.rackBonus}` : ''}${p.timePenalty ? ` − time ${p.timePenalty}` : ''}`;
    const stealFigures =
      p.safePoints !== undefined
        ? `; safe points ${p.safePoints}, tiles played ${p.tilesPlayed}, biggest steal ${p.biggestSteal}`
        : '';
    lines.push(
      `  ${p.name}: moves ${p.moves} − rack ${p.rackPenalty}${gained} = ${p.final}${claimed}${stealFigures}; remaining ${p.remaining}${penalty}${expired}`,
    );
  }
  return lines;
}

function stealText(t: TurnReport, names: string[]): string {
  const parts: string[] = [];
  if (t.stolen && t.stolen.points > 0) {
    parts.push(`+${t.stolen.points} from ${names[t.stolen.from]} (${t.stolen.squares.join(' ')})`);
  }
  if (t.madeSafe && t.madeSafe.length > 0) parts.push(`safe ${t.madeSafe.join(' ')}`);
  return parts.join('; ');
}

function cardRow(t: TurnReport, names: string[]): string[] {
  const taken = t.taken ? (t.taken.length > 0 ? t.taken.join(', ') : 'none') : '';
  const cards =
    t.cards && t.cards.claimed !== null && t.cards.claimed !== t.cards.computed
      ? `${t.cards.computed} (sheet ${t.cards.claimed}) !`
      : String(t.cards?.computed ?? '');
  const total = totalText(t);
  const flag =
    t.score.claimed !== null && t.score.claimed !== t.score.computed && t.status !== 'unscored'
      ? ' !'
      : '';
  return [
    String(t.index + 1),
    String(t.round ?? ''),
    names[t.player],
    t.play ?? '',
    taken,
    t.score.claimed === null ? '' : String(t.score.claimed),
    `${t.score.computed}${flag}`,
    cards,
    total,
    t.status,
  ];
}

/**
 * The total column: the rules' total, and the sheet's where it differs, marked `!` when it is
 * a slip of its own (`TOTAL_MISMATCH`) and `carried` when it only repeats an earlier slip.
 */
function totalText(t: TurnReport): string {
  const { claimed, computed } = t.total;
  if (claimed === null || claimed === computed) return String(computed);
  const own = t.issues.some((i) => i.code === 'TOTAL_MISMATCH');
  return own ? `${computed} (sheet ${claimed}) !` : `${computed} (sheet ${claimed}, carried)`;
}

function turnRow(t: TurnReport, names: string[]): string[] {
  const swapped = t.swapped
    ? ` [blank ${t.swapped.map((x) => `${x.square}→${x.letter}`).join(' ')}]`
    : '';
  const what =
    t.kind === 'play'
      ? (t.play ?? '') + (t.reading && t.reading !== t.play ? ` → ${t.reading}` : '') + swapped
      : t.kind === 'exchange'
        ? `exchange ${t.exchanged ?? ''}`.trim()
        : 'pass';
  const words = t.words
    .map((w) => `${w.word}${w.known === false ? '?' : ''} ${w.score}`)
    .join(', ');
  const bonus = t.bonuses.map((b) => `+${b.points}`).join(' ');
  const sheet = t.score.claimed === null ? '' : String(t.score.claimed);
  const scoreFlag =
    t.score.claimed !== null && t.score.claimed !== t.score.computed && t.status !== 'withdrawn'
      ? ' !'
      : '';
  const total = totalText(t);
  const clock = t.clock
    ? t.clock.claimed === t.clock.remaining
      ? t.clock.claimed
      : `${t.clock.claimed}→${t.clock.remaining}`
    : '';
  const status = t.penalty
    ? `${t.status}, ${names[t.penalty.player]} −${t.penalty.minutes}′`
    : t.status;
  return [
    String(t.index + 1),
    names[t.player],
    what,
    [words, bonus].filter(Boolean).join(' '),
    sheet,
    `${t.score.computed}${scoreFlag}`,
    total,
    clock,
    status,
  ];
}

function drawBoardText(
  board: string[],
  layout: string | undefined,
  dim: (s: string) => string,
): string[] {
  const size = board.length;
  const out: string[] = [];
  out.push('    ' + Array.from({ length: size }, (_, c) => columnLetter(c).padEnd(3)).join(''));
  board.forEach((row, r) => {
    const squares = row.split(' ');
    const cells = squares.map((sq, c) => {
      if (sq === '#') return '■  ';
      if (sq === '.') {
        const kind = layout?.[r * size + c];
        return kind && kind !== '.' ? dim(kind.padEnd(3)) : '·  ';
      }
      return sq.padEnd(3);
    });
    out.push(String(r + 1).padStart(2) + '  ' + cells.join(''));
  });
  return out;
}

/** Whether a sheet stops before the game is over (`END_NOT_RECORDED`): right so far at best. */
export function stopsBeforeTheEnd(report: VerificationReport): boolean {
  return report.issues.some((i) => i.code === 'END_NOT_RECORDED');
}
