import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import type { StaleDetails } from '../common/api/if-match';
import { IdParam } from '../common/api/id-param';
import { detailsOf } from '../common/errors';
import type { FieldError } from '../render/view-models';
import { TournamentsService } from '../tournaments/tournaments.service';
import type { CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import { EditPlayerForm } from './player-forms';
import type { PlayerView } from './player.view';
import type { OrganiserPlayerEditPage } from './players-page';
import { PlayersService } from './players.service';

/** A registered player's edit page: name, club and rating, with the version it was built from. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class PlayerEditPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly players: PlayersService,
  ) {}

  /** A player's edit page: name, club and rating, with the version it was built from. */
  @Get('players/:id/edit')
  async editPlayerPage(
    @IdParam('id', 'player') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.get(id);
    const values = { name: player.name, club: player.club ?? '', rating: player.rating ?? '' };
    await page.render('organiser/player-edit', await this.editModel(page, player, values, []));
  }

  /**
   * Posts `name`, `club`, `rating` and the `version` read (hidden). A version that is not the
   * stored one is 409: the page again with what is stored now beside what was typed, and the
   * stored version in the form, so that saving again overwrites it knowingly. Nothing is
   * written on a refusal; a change writes one line of the director's log (the service's).
   */
  @Post('players/:id/edit')
  async editPlayer(
    @IdParam('id', 'player') id: number,
    @PageForm(EditPlayerForm) form: CheckedForm<EditPlayerForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.get(id);
    const typed = {
      name: form.typed('name'),
      club: form.typed('club'),
      rating: form.typed('rating'),
    };
    if (!form.ok) {
      await page.render(
        'organiser/player-edit',
        await this.editModel(page, player, typed, form.errorsIn(page.lang)),
        400,
      );
      return;
    }
    // A hidden field: one that is not a whole number is no version, refused as stale.
    const sent = form.values.version.trim();
    const version = /^\d{1,9}$/.test(sent) ? Number(sent) : -1;
    const { name, club, rating } = form.values;
    try {
      await this.players.update(id, { name: name!, club, rating }, version, page.user);
    } catch (e) {
      const stale = detailsOf(e, 'STALE_VERSION') as StaleDetails<PlayerView> | null;
      if (stale) {
        const now = stale.current;
        const message = page.t('err.PLAYER_STALE', { name: now.name });
        await page.render(
          'organiser/player-edit',
          await this.editModel(page, now, typed, [{ field: '', message }], {
            name: now.name,
            club: now.club ?? '—',
            rating: now.rating === null ? '—' : String(now.rating),
          }),
          409,
        );
        return;
      }
      const { status, message, code } = refusal(page.lang, e);
      await page.render(
        'organiser/player-edit',
        await this.editModel(page, player, typed, [
          { field: code === 'PLAYER_EXISTS' ? 'name' : '', message },
        ]),
        status,
      );
      return;
    }
    page.redirect(withQuery(urls.orgPlayers(player.divisionId), { done: 'saved' }));
  }

  /** The edit page of `player` (its version is the one the form carries). */
  private async editModel(
    page: PageContext,
    player: PlayerView,
    values: OrganiserPlayerEditPage['values'],
    errors: FieldError[],
    stored: OrganiserPlayerEditPage['stored'] = null,
  ): Promise<OrganiserPlayerEditPage> {
    const { tournament, division } = await this.tournaments.divisionWithTournament(
      player.divisionId,
    );
    return {
      ...page.base(
        page.t('org.editPlayerTitle', { name: player.name }),
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournament.name, url: urls.orgTournament(tournament.id) },
          { label: division.name, url: urls.orgPlayers(division.id) },
        ),
      ),
      action: urls.editPlayer(player.id),
      back: urls.orgPlayers(player.divisionId),
      version: player.version,
      values,
      errors,
      stored,
    };
  }
}
