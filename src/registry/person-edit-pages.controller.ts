import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import type { StaleDetails } from '../common/api/if-match';
import { IdParam } from '../common/api/id-param';
import { detailsOf } from '../common/errors';
import type { FieldError, PageBase } from '../render/view-models';
import type { CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import type { PersonView } from './person.view';
import { EditPersonForm } from './registry-forms';
import { RegistryService } from './registry.service';

/** `organiser/person-edit`: a person's own fields in the registry, with the version read. */
export interface OrganiserPersonEditPage extends PageBase {
  action: string;
  back: string;
  version: number;
  values: { name?: string; club?: string; country?: string; federationId?: string };
  errors: FieldError[];
  /** The tournaments whose director's logs a change is written in, in date order. */
  tournaments: string[];
  /** After a stale save (409): the person as stored now, beside what was typed. */
  stored?: { name: string; club: string; country: string; federationId: string } | null;
}

/** The fields a refusal names by their form field. */
const FIELD_OF: Record<string, string> = {
  FEDERATION_ID_TAKEN: 'federationId',
};

/** The organiser's edit page of a person of the registry. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class PersonEditPagesController {
  constructor(private readonly registry: RegistryService) {}

  @Get('persons/:id/edit')
  async editPersonPage(
    @IdParam('id', 'person') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const person = await this.registry.get(id);
    await page.render(
      'organiser/person-edit',
      await this.model(page, person, fieldsOf(person), []),
    );
  }

  /**
   * Posts `name`, `club`, `country`, `federationId` and the `version` read (hidden). A version
   * that is not the stored one is 409: the page again with what is stored now beside what was
   * typed, and the stored version in the form. Nothing is written on a refusal; a change writes
   * a line in the director's log of each tournament the person played in (the service's).
   */
  @Post('persons/:id/edit')
  async editPerson(
    @IdParam('id', 'person') id: number,
    @PageForm(EditPersonForm) form: CheckedForm<EditPersonForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const person = await this.registry.get(id);
    const typed = {
      name: form.typed('name'),
      club: form.typed('club'),
      country: form.typed('country'),
      federationId: form.typed('federationId'),
    };
    if (!form.ok) {
      await page.render(
        'organiser/person-edit',
        await this.model(page, person, typed, form.errorsIn(page.lang)),
        400,
      );
      return;
    }
    // A hidden field: one that is not a whole number is no version, refused as stale.
    const sent = form.values.version.trim();
    const version = /^\d{1,9}$/.test(sent) ? Number(sent) : -1;
    const { name, club, country, federationId } = form.values;
    try {
      await this.registry.update(
        id,
        { name: name!, club, country, federationId },
        version,
        page.user,
      );
    } catch (e) {
      const stale = detailsOf(e, 'STALE_VERSION') as StaleDetails<PersonView> | null;
      if (stale) {
        const now = stale.current;
        const message = page.t('err.PERSON_STALE', { name: now.name });
        await page.render(
          'organiser/person-edit',
          await this.model(page, now, typed, [{ field: '', message }], {
            name: now.name,
            club: now.club ?? '—',
            country: now.country ?? '—',
            federationId: now.federationId ?? '—',
          }),
          409,
        );
        return;
      }
      const { status, message, code } = refusal(page.lang, e);
      await page.render(
        'organiser/person-edit',
        await this.model(page, person, typed, [{ field: FIELD_OF[code] ?? '', message }]),
        status,
      );
      return;
    }
    page.redirect(withQuery(urls.person(id), { done: 'saved' }));
  }

  /** The edit page of `person` (its version is the one the form carries). */
  private async model(
    page: PageContext,
    person: PersonView,
    values: OrganiserPersonEditPage['values'],
    errors: FieldError[],
    stored: OrganiserPersonEditPage['stored'] = null,
  ): Promise<OrganiserPersonEditPage> {
    return {
      ...page.base(
        page.t('person.editTitle', { name: person.name }),
        page.crumbs({ label: person.name, url: urls.person(person.id) }),
      ),
      action: urls.editPerson(person.id),
      back: urls.person(person.id),
      version: person.version,
      values,
      errors,
      tournaments: await this.registry.tournamentsOf(person.id),
      stored,
    };
  }
}

/** The form's values of a stored person. */
function fieldsOf(p: PersonView): OrganiserPersonEditPage['values'] {
  return {
    name: p.name,
    club: p.club ?? '',
    country: p.country ?? '',
    federationId: p.federationId ?? '',
  };
}
