import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Cards each player took, for card games' most-cards tie-break. */
export class GameCards1764000000000 implements MigrationInterface {
  name = 'GameCards1764000000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.addColumns('games', [
      new TableColumn({ name: 'first_cards', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'second_cards', type: 'integer', isNullable: true }),
    ]);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('games', 'second_cards');
    await q.dropColumn('games', 'first_cards');
  }
}
