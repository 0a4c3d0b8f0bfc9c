import { Injectable } from '@nestjs/common';
import type { PlayerView } from '../players/player.view';
import { PlayersService } from '../players/players.service';
import { RoundsService } from '../rounds/rounds.service';
import type { PdfPlayer } from '../render/pdf/types';
import { TournamentsService } from '../tournaments/tournaments.service';

/** What a round's printouts (its pairings, its blank score sheets) are made from. */
@Injectable()
export class RoundPrintouts {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly rounds: RoundsService,
    private readonly players: PlayersService,
  ) {}

  /** A round of a division with its tournament and the division's players by id. */
  async round(divisionId: number, number: number) {
    const { tournament, division } = await this.tournaments.divisionWithTournament(divisionId);
    const round = await this.rounds.get(divisionId, number);
    const people = new Map<number, PlayerView>(
      (await this.players.list(divisionId)).map((p) => [p.id, p]),
    );
    return { tournament, division, round, people };
  }
}

/** A player as a printout names them: with their club, rating and seed. */
export function pdfPlayer(
  people: Map<number, PlayerView>,
  p: { id: number; name: string },
): PdfPlayer {
  const full = people.get(p.id);
  return { name: p.name, club: full?.club ?? null, rating: full?.rating ?? null, seed: full?.seed };
}
