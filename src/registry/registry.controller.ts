import { Body, Controller, Get, Headers, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/roles.decorator';
import { ApiErrors, IfMatchRequired } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { parseIfMatch } from '../common/api/if-match';
import { BadInput } from '../common/errors';
import { PersonDto } from './dto/person.dto';
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
    description: 'The players of past tournaments keep their names and clubs as registered.',
  })
  @ApiOkResponse({ type: PersonView })
  @ApiErrors(400, 404, 409)
  update(
    @IdParam('id', 'person') id: number,
    @Body() dto: PersonDto,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<PersonView> {
    return this.registry.update(id, dto, parseIfMatch(ifMatch));
  }
}
