import { AuthToken } from '../auth/auth-token.entity';
import { User } from '../auth/user.entity';
import { DirectorLogEntry } from '../log/director-log.entity';
import { Absence } from '../players/absence.entity';
import { Player } from '../players/player.entity';
import { Person } from '../registry/person.entity';
import { PrizeTable } from '../prizes/prize-table.entity';
import { Rating, RatingListEntry, RatingReport } from '../ratings/rating.entity';
import { ResultChange } from '../results/result-change.entity';
import { ScoreSheet } from '../results/score-sheet.entity';
import { SheetDraft } from '../results/sheet-draft.entity';
import { Game } from '../rounds/game.entity';
import { GameSeat } from '../rounds/game-seat.entity';
import { SheetSubmission } from '../table-codes/sheet-submission.entity';
import { TableCode } from '../table-codes/table-code.entity';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
import { ServerSecret, ThrottleCounter } from '../throttle/throttle-counter.entity';
import { TournamentWordList } from '../words/word-list.entity';
import { WordRuling } from '../words/word-ruling.entity';
import { Initial1763800000000 } from './migrations/1763800000000-initial';
import { Words1763900000000 } from './migrations/1763900000000-words';
import { GameCards1764000000000 } from './migrations/1764000000000-game-cards';
import { TournamentDetails1764100000000 } from './migrations/1764100000000-tournament-details';
import { SheetDrafts1764200000000 } from './migrations/1764200000000-sheet-drafts';
import { DivisionSettings1764300000000 } from './migrations/1764300000000-division-settings';
import { Forfeits1764400000000 } from './migrations/1764400000000-forfeits';
import { SpreadCap1764500000000 } from './migrations/1764500000000-spread-cap';
import { PairingControls1764600000000 } from './migrations/1764600000000-pairing-controls';
import { DirectorLog1764700000000 } from './migrations/1764700000000-director-log';
import { MeetingLimit1764800000000 } from './migrations/1764800000000-meeting-limit';
import { Versions1764900000000 } from './migrations/1764900000000-versions';
import { Persons1765100000000 } from './migrations/1765100000000-persons';
import { Ratings1765200000000 } from './migrations/1765200000000-ratings';
import { Tables1765000000000 } from './migrations/1765000000000-tables';
import { PlacePoints1765300000000 } from './migrations/1765300000000-place-points';
import { TableCodes1765500000000 } from './migrations/1765500000000-table-codes';
import { ThrottleCounters1765700000000 } from './migrations/1765700000000-throttle-counters';
import { PrizeTables1765600000000 } from './migrations/1765600000000-prize-tables';
import { Jobs1765800000000 } from './migrations/1765800000000-jobs';
import { TimeZones1765900000000 } from './migrations/1765900000000-time-zones';
import { PairingLag1766050000000 } from './migrations/1766050000000-pairing-lag';
import { JobRow } from '../jobs/job.entity';
import { ImportUpload } from '../exchange/import-upload.entity';
import { TournamentCopies1766300000000 } from './migrations/1766300000000-tournament-copies';
import { Entries1766400000000 } from './migrations/1766400000000-entries';
import { Entry, EntryDivision, EntryWindow } from '../entries/entry.entity';
import { ImportVerdicts1766410000000 } from './migrations/1766410000000-import-verdicts';
import { TournamentRoles1766500000000 } from './migrations/1766500000000-tournament-roles';
import { TournamentRoleRow } from '../auth/tournament-role.entity';
import { Invitation } from '../auth/invitation.entity';

/** Every entity, listed (not globbed) so that ts-jest and the built code load the same set. */
export const ENTITIES = [
  User,
  AuthToken,
  Tournament,
  Division,
  Person,
  Player,
  Absence,
  Round,
  Game,
  GameSeat,
  TableCode,
  SheetSubmission,
  ScoreSheet,
  SheetDraft,
  ResultChange,
  TournamentWordList,
  WordRuling,
  DirectorLogEntry,
  Rating,
  RatingListEntry,
  RatingReport,
  PrizeTable,
  ThrottleCounter,
  ServerSecret,
  JobRow,
  ImportUpload,
  EntryWindow,
  EntryDivision,
  Entry,
  TournamentRoleRow,
  Invitation,
];

/** Every migration, in order. */
export const MIGRATIONS = [
  Initial1763800000000,
  Words1763900000000,
  GameCards1764000000000,
  TournamentDetails1764100000000,
  SheetDrafts1764200000000,
  DivisionSettings1764300000000,
  Forfeits1764400000000,
  SpreadCap1764500000000,
  PairingControls1764600000000,
  DirectorLog1764700000000,
  MeetingLimit1764800000000,
  Versions1764900000000,
  Tables1765000000000,
  Persons1765100000000,
  Ratings1765200000000,
  PlacePoints1765300000000,
  TableCodes1765500000000,
  PrizeTables1765600000000,
  ThrottleCounters1765700000000,
  Jobs1765800000000,
  TimeZones1765900000000,
  PairingLag1766050000000,
  TournamentCopies1766300000000,
  Entries1766400000000,
  ImportVerdicts1766410000000,
  TournamentRoles1766500000000,
];

/** The names of the migrations this build knows, as TypeORM records them once run. */
export function knownMigrationNames(): string[] {
  return MIGRATIONS.map((M) => new M().name ?? M.name);
}
