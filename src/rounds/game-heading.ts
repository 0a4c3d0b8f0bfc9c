import type { GameHeading, PlayerRef } from '../render/view-models';
import type { PageContext } from '../web/page-context';
import { urls } from '../web/urls';
import type { GameView } from './game.view';

/** A player of a game, linked to the player page. */
export function playerRef(p: { id: number; name: string }): PlayerRef {
  return { name: p.name, url: urls.player(p.id) };
}

/** Which game a page is about (a bye's second player is the word "bye"). */
export function gameHeading(page: PageContext, g: GameView): GameHeading {
  return {
    round: g.round,
    table: g.table,
    first: playerRef(g.first),
    second: g.second ? playerRef(g.second) : { name: page.t('common.bye') },
    ...(g.seats
      ? {
          seats: g.seats.map((s) => ({
            seat: s.seat,
            player: playerRef(s.player),
            score: s.score,
            remaining: s.remaining,
            cards: s.cards,
            place: s.place,
          })),
        }
      : {}),
  };
}
