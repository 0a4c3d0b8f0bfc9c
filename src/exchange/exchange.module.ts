import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { ExchangeController } from './exchange.controller';
import { ExchangePagesController } from './exchange-pages.controller';
import { ExchangeService } from './exchange.service';
import { TshController } from './tsh.controller';
import { TshPagesController } from './tsh-pages.controller';
import { TshService } from './tsh.service';

/**
 * Whole-tournament export and import (`arbiter-tournament/1`); a division as a TSH `.t` file,
 * through the API and from the organiser's tournament page.
 */
@Module({
  imports: [TournamentsModule, ResultsModule],
  controllers: [ExchangeController, ExchangePagesController, TshController, TshPagesController],
  providers: [ExchangeService, TshService],
  exports: [TshService],
})
export class ExchangeModule {}
