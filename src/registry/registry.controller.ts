import { Body, Controller, Get, Headers, HttpCode, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { ApiErrors, IfMatchRequired } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { parseIfMatch } from '../common/api/if-match';
import { BadInput, Conflict } from '../common/errors';
import { MergePersonDto, PersonDto } from './dto/person.dto';
import { PersonDetailView, PersonView } from './person.view';
import { RegistryService } from './registry.service';

@ApiTags('persons')
@Controller('api/persons')
export class RegistryController {
  constructor(private readonly registry: RegistryService) {}

  @Get()
  @ApiOperation({
    summary: 'Search the registry of persons',
    description:
      'By name as it reads (accents, case and script aside: `petrovic` finds Petrović and Петровић) or by federation id; at most 50, by name. Without `q`, the first 50 by name.',
  })
  @ApiQuery({ name: 'q', required: false, description: '2 to 200 characters' })
  @ApiOkResponse({ type: [PersonView] })
  @ApiErrors(400)
  search(@Query('q') q: unknown): Promise<PersonView[]> {
    if (q === undefined) return this.registry.search('');
    if (typeof q !== 'string') {
      throw new BadInput('VALIDATION_FAILED', 'q must be 2 to 200 characters', { field: 'q' });
    }
    return this.registry.search(q);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A person, with every tournament and game across events' })
  @ApiOkResponse({ type: PersonDetailView })
  @ApiErrors(400, 404)
  get(@IdParam('id', 'person') id: number): Promise<PersonDetailView> {
    return this.registry.detail(id);
  }

  @Roles('organiser')
  @Post()
  @ApiOperation({ summary: 'Add a person to the registry' })
  @ApiCreatedResponse({ type: PersonView })
  @ApiErrors(400, 409)
  create(@Body() dto: PersonDto): Promise<PersonView> {
    return this.registry.create(dto);
  }

  @Roles('organiser')
  @Patch(':id')
  @IfMatchRequired('person', 'GET /api/persons/{id}')
  @ApiOperation({
    summary: "Edit a person's name, club, country or federation id",
    description:
      "The players of past tournaments keep their names and clubs as registered. A change writes one line (`person.edited`, the fields before and after) in the director's log of each tournament the person played in.",
  })
  @ApiOkResponse({ type: PersonView })
  @ApiErrors(400, 404, 409)
  update(
    @IdParam('id', 'person') id: number,
    @Body() dto: PersonDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PersonView> {
    return this.registry.update(id, dto, parseIfMatch(ifMatch), user);
  }

  @Roles('organiser')
  @Post(':id/merge')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Merge a person into another (the same person, registered twice)',
    description:
      'Every player and imported rating of the person moves to `into`, which keeps its own name and gains the country, club and federation id it lacked; the person leaves the registry and every rating is computed again. With "confirm": true (without it, 409 CONFIRMATION_NEEDED says what moves). Refused when both played in one division (409 PERSONS_SHARE_DIVISION), have different federation ids, or both have an imported rating in one family.',
  })
  @ApiOkResponse({ type: PersonView })
  @ApiErrors(400, 404, 409, 422)
  async merge(
    @IdParam('id', 'person') id: number,
    @Body() dto: MergePersonDto,
  ): Promise<PersonView> {
    if (dto.confirm !== true) {
      const p = await this.registry.mergePreview(id, dto.into);
      throw new Conflict(
        'CONFIRMATION_NEEDED',
        `${p.from.name} (${p.players} player${p.players === 1 ? '' : 's'}: ${p.tournaments.join(', ') || 'no tournament'}) would become ${p.into.name} and leave the registry; send "confirm": true to merge`,
        p,
      );
    }
    return this.registry.merge(id, dto.into);
  }
}
