import { IssueNote } from '../report/report';
import { CompiledRules } from '../rules/compiled';
import { PoolCount } from './pool';
import { ReplayState, ReplayTurn } from './state';

/**
 * A line that records an exchange: how many tiles it gives back (1 to a rack's worth, of
 * tiles that can be read), and, where the rules count the pool, whether the pool allows it.
 */
export function replayExchangeTurn(
  state: ReplayState,
  t: ReplayTurn,
  pool: PoolCount | null,
  poolMin: number | null,
): void {
  const exchanged = exchangeSize(state.rules, t.turn.exchange!);
  t.report.exchanged = exchanged.size ?? undefined;
  if (exchanged.problem) {
    t.refuse();
    t.issue(
      exchanged.problem,
      `${t.label}: ${exchanged.problem.message}; the exchange is not counted`,
    );
  } else if (pool) {
    pool.checkExchange(state, t, poolMin!);
  }
}

/**
 * How many tiles an exchange gives back, and what is wrong with it: a number out of the rack's
 * range, or tiles that cannot be read.
 */
function exchangeSize(
  rules: CompiledRules,
  exchange: number | string,
): { size: number | null; problem?: IssueNote & { code: 'EXCHANGE_SIZE' | 'BAD_NOTATION' } } {
  const { rackSize } = rules.ruleSet;
  let size: number;
  if (typeof exchange === 'number') {
    size = exchange;
  } else {
    const parsed = rules.alphabet.parseRack(exchange);
    if (!parsed.ok) {
      return {
        size: null,
        problem: {
          code: 'BAD_NOTATION',
          severity: 'error',
          message: `the exchanged tiles cannot be read: ${parsed.message}`,
          word: exchange,
        },
      };
    }
    size = parsed.tiles.length;
  }
  if (size >= 1 && size <= rackSize) return { size };
  return {
    size,
    problem: {
      code: 'EXCHANGE_SIZE',
      severity: 'error',
      message: `an exchange gives back 1 to ${rackSize} tiles, and this one ${size}`,
      written: size,
    },
  };
}
