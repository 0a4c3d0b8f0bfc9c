import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Each division has its own rules: rule set, options, rounds, pairing plan, tie-breaks and bye
 * spread, copied from its tournament's (which stay as the settings a new division starts from).
 * A Scrabble side event can then sit beside a Kvizovka main event, and a division added with 7
 * rounds leaves a running 5-round one alone.
 */
export class DivisionSettings1764300000000 implements MigrationInterface {
  name = 'DivisionSettings1764300000000';

  public async up(q: QueryRunner): Promise<void> {
    // SQLite adds a NOT NULL column only with a default; every row is then filled from its tournament.
    await q.addColumns('divisions', [
      new TableColumn({ name: 'rule_set', type: 'varchar', length: '50', default: "'kvizovka'" }),
      new TableColumn({ name: 'options', type: 'text', default: "'{}'" }),
      new TableColumn({ name: 'rounds_planned', type: 'integer', default: 1 }),
      new TableColumn({ name: 'pairing_plan', type: 'text', default: `'["swiss"]'` }),
      new TableColumn({
        name: 'tie_breaks',
        type: 'text',
        default: `'["spread","remaining-time"]'`,
      }),
      new TableColumn({ name: 'bye_spread', type: 'integer', default: 0 }),
    ]);
    for (const column of [
      'rule_set',
      'options',
      'rounds_planned',
      'pairing_plan',
      'tie_breaks',
      'bye_spread',
    ]) {
      await q.query(
        `UPDATE divisions SET ${column} = (SELECT t.${column} FROM tournaments t WHERE t.id = divisions.tournament_id)`,
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const column of [
      'bye_spread',
      'tie_breaks',
      'pairing_plan',
      'rounds_planned',
      'options',
      'rule_set',
    ]) {
      await q.dropColumn('divisions', column);
    }
  }
}
