import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { detailsOf } from '../common/errors';
import type { FieldError } from '../render/view-models';
import type { PersonView } from '../registry/person.view';
import { RegistryService } from '../registry/registry.service';
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

/**
 * A registered player's edit page: name, club and rating, with the version it was built from;
 * and the federation id, which is the player's person's in the registry (set through it).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class PlayerEditPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly players: PlayersService,
    private readonly registry: RegistryService,
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
    const person = await this.personOf(player);
    const values = {
      name: player.name,
      club: player.club ?? '',
      rating: player.rating ?? '',
      federationId: person?.federationId ?? '',
    };
    await page.render(
      'organiser/player-edit',
      await this.editModel(page, player, person, values, []),
    );
  }

  /**
   * Posts `name`, `club`, `rating` and the `version` read (hidden); for a player of a registry
   * person also `federationId` and the `personVersion` read, set on the person in the same
   * transaction. A version (either) that is not the stored one is 409: the page again with what
   * is stored now beside what was typed, and the stored versions in the form, so that saving
   * again overwrites it knowingly. Nothing is written on a refusal; a change writes a line of
   * the director's log (the services').
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
    const person = await this.personOf(player);
    const typed = {
      name: form.typed('name'),
      club: form.typed('club'),
      rating: form.typed('rating'),
      federationId: form.typed('federationId'),
    };
    if (!form.ok) {
      await page.render(
        'organiser/player-edit',
        await this.editModel(page, player, person, typed, form.errorsIn(page.lang)),
        400,
      );
      return;
    }
    // Hidden fields: one that is not a whole number is no version, refused as stale.
    const versionOf = (sent: string) => (/^\d{1,9}$/.test(sent.trim()) ? Number(sent.trim()) : -1);
    const { name, club, rating, federationId } = form.values;
    try {
      await this.players.update(
        id,
        { name: name!, club, rating },
        versionOf(form.values.version),
        page.user,
        // The person's federation id, in the player's transaction: both or neither.
        person
          ? async (m, personId) => {
              if (personId === null) return;
              await this.registry.setFederationIdIn(
                m,
                personId,
                federationId,
                versionOf(form.values.personVersion),
                page.user,
              );
            }
          : undefined,
      );
    } catch (e) {
      if (detailsOf(e, 'STALE_VERSION')) {
        // The player or its person changed meanwhile: both as stored now, with their versions.
        const now = await this.players.get(id);
        const personNow = await this.personOf(now);
        const message = page.t('err.PLAYER_STALE', { name: now.name });
        await page.render(
          'organiser/player-edit',
          await this.editModel(page, now, personNow, typed, [{ field: '', message }], {
            name: now.name,
            club: now.club ?? '—',
            rating: now.rating === null ? '—' : String(now.rating),
            ...(personNow ? { federationId: personNow.federationId ?? '—' } : {}),
          }),
          409,
        );
        return;
      }
      const { status, message, code } = refusal(page.lang, e);
      const field =
        code === 'PLAYER_EXISTS' ? 'name' : code === 'FEDERATION_ID_TAKEN' ? 'federationId' : '';
      await page.render(
        'organiser/player-edit',
        await this.editModel(page, player, person, typed, [{ field, message }]),
        status,
      );
      return;
    }
    page.redirect(withQuery(urls.orgPlayers(player.divisionId), { done: 'saved' }));
  }

  /** The player's person in the registry, or null. */
  private personOf(player: PlayerView): Promise<PersonView | null> {
    return player.personId === null ? Promise.resolve(null) : this.registry.get(player.personId);
  }

  /** The edit page of `player` (its version is the one the form carries). */
  private async editModel(
    page: PageContext,
    player: PlayerView,
    person: PersonView | null,
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
      person: person
        ? { name: person.name, version: person.version, editUrl: urls.editPerson(person.id) }
        : null,
      errors,
      stored,
    };
  }
}
