import { Column, Entity, ForeignKey } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/**
 * A score sheet being typed: the judge's rows kept as they type, so that a
 * reload or a flat battery loses nothing. `version` counts the saves; a save
 * based on an older version is a conflict (two judges on one sheet).
 */
@Entity('sheet_drafts')
export class SheetDraft extends BaseEntity {
  @ForeignKey('games', { onDelete: 'CASCADE' })
  @Column({ name: 'game_id', type: 'integer', unique: true })
  gameId: number;

  /** The form's rows as typed (JSON of a SheetForm). */
  @Column({ type: 'text' })
  form: string;

  @Column({ type: 'integer' })
  version: number;

  /** Who saved it last, by name, for the other judge's conflict message. */
  @Column({ name: 'saved_by', type: 'varchar', length: 200, nullable: true })
  savedBy: string | null;
}
