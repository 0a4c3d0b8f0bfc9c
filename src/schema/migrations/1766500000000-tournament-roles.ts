import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Roles per tournament. Before, an account's role held in every tournament; now an account
 * acts in a tournament through its role there (`tournament_roles`: owner, co-director,
 * judge), and the site administrator (`users.admin`) in all of them.
 *
 * Every account keeps what it could do: each organiser becomes an owner, and each judge a
 * judge, of every tournament that exists; the first organiser account (the lowest id: the
 * server's first account, made from ORGANISER_EMAIL) becomes the site administrator.
 * Tournaments made from now on are their creator's; the others join by invitation
 * (`invitations`: one-time links, stored hashed, that expire).
 */
export class TournamentRoles1766500000000 implements MigrationInterface {
  name = 'TournamentRoles1766500000000';

  public async up(q: QueryRunner): Promise<void> {
    const id = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };
    const stamps = [
      { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
      { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
    ];
    const tournament = {
      columnNames: ['tournament_id'],
      referencedTableName: 'tournaments',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    };
    await q.addColumn('users', new TableColumn({ name: 'admin', type: 'boolean', default: false }));
    await q.createTable(
      new Table({
        name: 'tournament_roles',
        columns: [
          id,
          ...stamps,
          { name: 'tournament_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'role', type: 'varchar', length: '20' },
        ],
        indices: [
          {
            name: 'ux_tournament_roles',
            columnNames: ['tournament_id', 'user_id'],
            isUnique: true,
          },
          { name: 'ix_tournament_roles_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          tournament,
          {
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'invitations',
        columns: [
          id,
          ...stamps,
          { name: 'tournament_id', type: 'integer' },
          { name: 'role', type: 'varchar', length: '20' },
          { name: 'email', type: 'varchar', length: '200' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'lang', type: 'varchar', length: '10' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expires_at', type: 'timestamp' },
          { name: 'accepted_at', type: 'timestamp', isNullable: true },
          { name: 'invited_by', type: 'integer', isNullable: true },
        ],
        indices: [{ name: 'ix_invitations_tournament', columnNames: ['tournament_id'] }],
        foreignKeys: [tournament],
      }),
    );
    // Every account keeps its access to what exists.
    await q.query(
      `INSERT INTO tournament_roles (tournament_id, user_id, role) ` +
        `SELECT t.id, u.id, CASE WHEN u.role = 'organiser' THEN 'owner' ELSE 'judge' END ` +
        `FROM tournaments t CROSS JOIN users u`,
    );
    await q.query(
      `UPDATE users SET admin = true WHERE id = (SELECT MIN(id) FROM users WHERE role = 'organiser')`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('invitations');
    await q.dropTable('tournament_roles');
    await q.dropColumn('users', 'admin');
  }
}
