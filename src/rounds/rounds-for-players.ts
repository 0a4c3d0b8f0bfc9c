import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PairedRounds, PlayerRounds } from '../players/player-rounds';
import { gamesPaired, pairedRounds } from './paired-rounds';
import { RoundsService } from './rounds.service';

/** The rounds' answers to what the players ask (src/players/player-rounds.ts). */
@Injectable()
export class RoundsForPlayers implements PlayerRounds {
  constructor(private readonly rounds: RoundsService) {}

  pairedRounds(m: EntityManager, divisionId: number): Promise<PairedRounds> {
    return pairedRounds(m, divisionId);
  }

  gamesPaired(m: EntityManager, playerId: number): Promise<number> {
    return gamesPaired(m, playerId);
  }

  async gamesOf(playerId: number): Promise<{ pending: boolean }[]> {
    return (await this.rounds.gamesOfPlayer(playerId)).map((g) => ({
      pending: g.status === 'pending',
    }));
  }

  async seatedIn(divisionId: number): Promise<Set<number>> {
    return new Set(
      (await this.rounds.list(divisionId)).flatMap((r) =>
        r.games.flatMap((g) => (g.second ? [g.first.id, g.second.id] : [g.first.id])),
      ),
    );
  }
}
