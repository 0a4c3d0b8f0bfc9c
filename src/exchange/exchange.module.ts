import { Module } from '@nestjs/common';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { ExchangeController } from './exchange.controller';
import { ExchangeService } from './exchange.service';

/** Whole-tournament export and import (`arbiter-tournament/1`). */
@Module({
  imports: [TournamentsModule],
  controllers: [ExchangeController],
  providers: [ExchangeService],
})
export class ExchangeModule {}
