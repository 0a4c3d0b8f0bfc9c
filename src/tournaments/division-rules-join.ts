import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Division } from './division.entity';

/** What a division's row says about how its games are judged: its tournament and rule set. */
export interface DivisionRulesRow {
  tournamentId: number | string;
  ruleSet: string;
}

/**
 * Joins the division whose id is `divisionIdColumn` of a caller's read and selects its
 * tournament and rule set as {@link DivisionRulesRow}: a context above the tournaments (the
 * rounds, for a game's words) reads them with its own rows in one statement, without the
 * division's entity.
 */
export function joinDivisionRules<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  divisionIdColumn: string,
): SelectQueryBuilder<T> {
  return qb
    .innerJoin(Division, 'division', `division.id = ${divisionIdColumn}`)
    .addSelect('division.tournament_id', 'tournamentId')
    .addSelect('division.rule_set', 'ruleSet');
}
