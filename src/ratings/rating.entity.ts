import { Column, Entity, Unique } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { PersonChange } from './compute';
import type { StartSource } from './elo';

/** A person's rating in one game family, and the rated games behind it (the K-factor reads them). */
abstract class FamilyRatingColumns extends BaseEntity {
  /** The person's id; the table's foreign key (its migration) removes the rating with the person. */
  @Column({ name: 'person_id', type: 'integer' })
  personId: number;

  @Column({ type: 'varchar', length: 40 })
  family: string;

  @Column({ type: 'integer' })
  rating: number;

  @Column({ type: 'integer' })
  games: number;
}

/** A person's rating in a game family now: computed, never typed (see `RatingListEntry`). */
@Entity('ratings')
@Unique('uq_ratings_person_family', ['personId', 'family'])
export class Rating extends FamilyRatingColumns {}

/** A rating of an imported list: where a person starts, before any closed tournament. */
@Entity('rating_list')
@Unique('uq_rating_list_person_family', ['personId', 'family'])
export class RatingListEntry extends FamilyRatingColumns {}

/** What a closed tournament did to the ratings of one family: the rating report's lines. */
@Entity('rating_reports')
@Unique('uq_rating_reports_tournament_family', ['tournamentId', 'family'])
export class RatingReport extends BaseEntity {
  /** The tournament's id; the table's foreign key (its migration) removes the report with it. */
  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Column({ type: 'varchar', length: 40 })
  family: string;

  /**
   * One line a person, in the order of their person ids. Reports written before the start's
   * source was kept have none (see `sourceOf`).
   */
  @Column({ type: 'simple-json' })
  changes: (Omit<PersonChange, 'source'> & { source?: StartSource })[];
}
