import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AuthModule } from './auth/auth.module';
import { BackupModule } from './backup/backup.module';
import { validateEnvironment } from './config';
import { DatabaseSettings } from './schema/database-options';
import { DatabaseModule } from './schema/database.module';
import { ThrottleModule } from './throttle/throttle.module';
import { JobPresenters, JobStreams } from './jobs/job-presenters';
import { JobsModule } from './jobs/jobs.module';
import { WordsModule } from './words/words.module';
import { WordsService } from './words/words.service';
import { EXCHANGE_JOBS } from './exchange/exchange-jobs';
import { ExchangeModule } from './exchange/exchange.module';
import { DirectorLogModule } from './log/director-log.module';
import { LogSubjects } from './log/log-subjects';
import { HealthController } from './health.controller';
import { PLAYER_JOBS } from './players/player-jobs';
import { PlayerRounds } from './players/player-rounds';
import { PlayersModule } from './players/players.module';
import { playerCounts } from './players/player-counts';
import { PlayersService } from './players/players.service';
import { RatingLookup } from './players/rating-lookup';
import { currentRatings } from './ratings/current-ratings';
import { startingRatings } from './ratings/starting-ratings';
import { PrizesModule } from './prizes/prizes.module';
import { RegistryModule } from './registry/registry.module';
import { PersonRecords } from './registry/person-records';
import { divisionsOfPerson, movePersonPlayers, playersOfPerson } from './players/person-players';
import { listedFamilies, moveListedRatings } from './ratings/listed-ratings';
import { RATING_JOBS } from './ratings/rating-jobs';
import { RatingsModule } from './ratings/ratings.module';
import { RatingsService } from './ratings/ratings.service';
import { personPlayed } from './rounds/person-games';
import { divisionsAndTournaments, tournamentNames } from './tournaments/played-divisions';
import { touchDivisions } from './tournaments/tournament-rules';
import { ResultRecords } from './results/result-records';
import { GameContextReader } from './results/game-context';
import { readGameContext } from './schema/game-context-read';
import { ResultsModule } from './results/results.module';
import { ResultsService } from './results/results.service';
import { TableCodesModule } from './table-codes/table-codes.module';
import { EntriesModule } from './entries/entries.module';
import { AccessModule } from './access/access.module';
import { GameRecords } from './rounds/game-records';
import { RoundsForPlayers } from './rounds/rounds-for-players';
import { RoundsModule } from './rounds/rounds.module';
import { roundsPaired } from './rounds/rounds-paired';
import { RoundsService } from './rounds/rounds.service';
import { closingSteps } from './startup/closing-steps';
import { StandingsApiModule } from './standings-api/standings-api.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { TournamentsService } from './tournaments/tournaments.service';
import { ClosingSteps } from './tournaments/closing-steps';
import { CopiedAlong } from './tournaments/copied-along';
import { DivisionActivity } from './tournaments/division-activity';
import { EntriesOpen } from './tournaments/entries-open';
import { openUntil } from './entries/entries-open-read';
import { LiveStreams } from './tournaments/live-streams';
import { AssetsController } from './web/assets.controller';
import { TournamentScopes } from './auth/tournament-scopes';
import {
  existingTournament,
  tournamentName,
  tournamentNamesById,
  tournamentOfDivision,
} from './tournaments/division-rows';
import { divisionOfGame } from './rounds/game-rows';
import { divisionOfPlayer } from './players/player-rows';
import { tournamentOfEntry } from './entries/entries-open-read';
import { gameOfSubmission } from './table-codes/submission-rows';

/** What differs between one running application and another. */
export interface AppOptions {
  /** Database settings; from the environment when left out. */
  database?: DatabaseSettings;
}

/**
 * The health check (and the old `GET /` redirect to the API docs, which the
 * public list of tournaments now answers first: routes are registered in
 * module order, so this module comes after TournamentsModule).
 */
@Module({ controllers: [HealthController] })
class HealthModule {}

/** The pages' scripts (src/web/assets.controller.ts), served from memory. */
@Module({ controllers: [AssetsController] })
class AssetsModule {}

/**
 * The ports a context declares for what contexts above it own, bound to their services: the
 * director's log's to the names it shows (src/log/log-subjects.ts), the rounds' to what a game
 * holds that the results own (src/rounds/game-records.ts), the tournaments' to what a copy
 * brings along (src/tournaments/copied-along.ts), to the players and rounds a division's view
 * counts (src/tournaments/division-activity.ts) and to what closing does above them
 * (src/tournaments/closing-steps.ts), the players' to what they ask of the rounds and the
 * ratings (src/players/player-rounds.ts, src/players/rating-lookup.ts), the registry's to a
 * person's players, games, tournaments and ratings (src/registry/person-records.ts), the
 * results' to the one joined read of a game's context (src/results/game-context.ts), the jobs'
 * to how each kind of job's outcome is worded and to the stream of its progress
 * (src/jobs/job-presenters.ts). Global:
 * every module that provides the context's service needs them, and a context may not import
 * those above it.
 */
@Global()
@Module({
  imports: [
    TournamentsModule,
    RoundsModule,
    PlayersModule,
    ResultsModule,
    WordsModule,
    RatingsModule,
  ],
  providers: [
    {
      provide: LogSubjects,
      inject: [TournamentsService, RoundsService, PlayersService],
      useFactory: (
        tournaments: TournamentsService,
        rounds: RoundsService,
        players: PlayersService,
      ): LogSubjects => ({
        tournament: (id) => tournaments.outline(id),
        playersOfGames: (ids) => rounds.playersOfGames(ids),
        playerNames: (ids) => players.names(ids),
      }),
    },
    { provide: GameRecords, useExisting: ResultRecords },
    { provide: GameContextReader, useValue: { read: readGameContext } satisfies GameContextReader },
    {
      provide: TournamentScopes,
      useValue: {
        nameOf: tournamentName,
        namesOf: tournamentNamesById,
        tournamentOf(m, kind, id) {
          switch (kind) {
            case 'tournaments':
              return existingTournament(m, id);
            case 'divisions':
              return tournamentOfDivision(m, id);
            case 'entries':
              return tournamentOfEntry(m, id);
          }
        },
        async divisionOf(m, kind, id) {
          switch (kind) {
            case 'games':
              return divisionOfGame(m, id);
            case 'players':
              return divisionOfPlayer(m, id);
            case 'submissions': {
              const game = await gameOfSubmission(m, id);
              return game === null ? null : divisionOfGame(m, game);
            }
          }
        },
      } satisfies TournamentScopes,
    },
    {
      provide: JobPresenters,
      useValue: {
        kinds: { ...RATING_JOBS, ...PLAYER_JOBS, ...EXCHANGE_JOBS },
      } satisfies JobPresenters,
    },
    { provide: JobStreams, useExisting: LiveStreams },
    { provide: PlayerRounds, useClass: RoundsForPlayers },
    {
      provide: RatingLookup,
      useValue: { currentRatings, startingRatings } satisfies RatingLookup,
    },
    {
      provide: CopiedAlong,
      inject: [PlayersService, WordsService],
      useFactory: (players: PlayersService, words: WordsService): CopiedAlong => ({
        copyPlayers: (m, from, to) => players.copyInto(m, from, to),
        copyWordList: (m, from, to) => words.copyList(m, from, to),
      }),
    },
    {
      provide: DivisionActivity,
      useValue: { playerCounts, roundsPaired } satisfies DivisionActivity,
    },
    { provide: EntriesOpen, useValue: { openUntil } satisfies EntriesOpen },
    { provide: ClosingSteps, useValue: closingSteps },
    {
      provide: PersonRecords,
      inject: [RatingsService, ResultsService],
      useFactory: (ratings: RatingsService, results: ResultsService): PersonRecords => ({
        played: personPlayed,
        ratings: (personId) => ratings.ofPerson(personId),
        ratingHistory: (personId, tournamentIds) => ratings.historyOf(personId, tournamentIds),
        sheetReports: async (gameIds) =>
          (await results.sheetReports(gameIds)).flatMap((s) =>
            s.report ? [{ gameId: s.gameId, report: s.report }] : [],
          ),
        playersOf: async (m, personId) => {
          const players = await playersOfPerson(m, personId);
          const { divisions } = await divisionsAndTournaments(
            m,
            players.map((p) => p.divisionId),
          );
          return players.map((p) => ({
            playerId: p.id,
            divisionId: p.divisionId,
            tournamentId: divisions.get(p.divisionId)!.tournamentId,
          }));
        },
        divisionsOf: divisionsOfPerson,
        tournamentNames,
        listedFamilies,
        movePlayers: movePersonPlayers,
        moveListedRatings,
        touchDivisions: (m, divisionIds) => touchDivisions(m, divisionIds, { closing: true }),
        recomputeRatings: async (m) => {
          await ratings.recompute(m);
        },
      }),
    },
  ],
  exports: [
    TournamentScopes,
    LogSubjects,
    GameRecords,
    CopiedAlong,
    DivisionActivity,
    EntriesOpen,
    ClosingSteps,
    PlayerRounds,
    RatingLookup,
    PersonRecords,
    GameContextReader,
    JobPresenters,
    JobStreams,
  ],
})
class PortsModule {}

/** The application: one module per bounded context. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          validate: validateEnvironment,
          ignoreEnvFile: true,
        }),
        DatabaseModule.forRoot(options.database),
        ThrottleModule,
        JobsModule,
        BackupModule,
        AuthModule,
        TournamentsModule,
        PlayersModule,
        RegistryModule,
        RoundsModule,
        ResultsModule,
        TableCodesModule,
        EntriesModule,
        AccessModule,
        StandingsApiModule,
        PrizesModule,
        ExchangeModule,
        DirectorLogModule,
        WordsModule,
        AssetsModule,
        HealthModule,
        PortsModule,
      ],
    };
  }
}
