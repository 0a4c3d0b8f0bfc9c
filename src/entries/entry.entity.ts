import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/** Milliseconds since 1970 kept as a BIGINT, which PostgreSQL's driver reads as a string. */
const epochMs = {
  to: (v: number | null) => v,
  from: (v: string | number | null) => (v === null ? null : Number(v)),
};

/** A tournament's entries: whether they are open and until when. */
@Entity('entry_windows')
export class EntryWindow extends BaseEntity {
  @ForeignKey('tournaments', { onDelete: 'CASCADE' })
  @Column({ name: 'tournament_id', type: 'integer', unique: true })
  tournamentId: number;

  @Column({ type: 'boolean', default: false })
  open: boolean;

  /** The last moment an entry is taken (ms since 1970, UTC). */
  @Column({ name: 'deadline_ms', type: 'bigint', transformer: epochMs })
  deadlineMs: number;
}

/** A division that takes entries, its cap, and whether entries beyond it wait. */
@Entity('entry_divisions')
export class EntryDivision extends BaseEntity {
  @ForeignKey('tournaments', { onDelete: 'CASCADE' })
  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @ForeignKey('divisions', { onDelete: 'CASCADE' })
  @Column({ name: 'division_id', type: 'integer', unique: true })
  divisionId: number;

  /** Entries taken (entered or confirmed); null: no cap. */
  @Column({ type: 'integer', nullable: true })
  cap: number | null;

  @Column({ name: 'waiting_list', type: 'boolean', default: true })
  waitingList: boolean;
}

/** Where an entry stands. */
export type EntryStatus = 'entered' | 'waiting' | 'confirmed' | 'refused' | 'withdrawn';

/** What an entry's name has in common with a player's or another entry's. */
export interface EntryFlag {
  kind: 'same' | 'lookAlike';
  of: 'player' | 'entry';
  name: string;
}

/** A player's entry, sent from the public page without an account. */
@Entity('entries')
@Index('ix_entries_division', ['divisionId', 'status'])
export class Entry extends BaseEntity {
  @ForeignKey('tournaments', { onDelete: 'CASCADE' })
  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @ForeignKey('divisions', { onDelete: 'CASCADE' })
  @Column({ name: 'division_id', type: 'integer' })
  divisionId: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  club: string | null;

  @Column({ name: 'federation_id', type: 'varchar', length: 20, nullable: true })
  federationId: string | null;

  /** The registry's person the player chose, if any. */
  @Column({ name: 'person_id', type: 'integer', nullable: true })
  personId: number | null;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The language of the page it was sent from: its e-mail is in it. */
  @Column({ type: 'varchar', length: 10 })
  lang: string;

  @Column({ type: 'varchar', length: 12 })
  status: EntryStatus;

  /** SHA-256 (hex) of the private link's token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  /** JSON list of {@link EntryFlag}. */
  @Column({ type: 'text', default: '[]' })
  flags: string;

  /** The player a confirmation registered. */
  @Column({ name: 'player_id', type: 'integer', nullable: true })
  playerId: number | null;
}
