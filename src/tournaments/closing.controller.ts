import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { ClosingService } from './closing.service';
import { ClosingDto } from './dto/closing.dto';

@ApiTags('tournaments')
@Controller('api/tournaments')
export class ClosingController {
  constructor(private readonly closing: ClosingService) {}

  @Roles('organiser')
  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Close a tournament: results final, games rated',
    description:
      'With "confirm": true (without it, 409 CONFIRMATION_NEEDED says how many games are rated and how many are still pending). ' +
      'Afterwards every change of results, rounds or players is 409 TOURNAMENT_CLOSED until it is reopened; every rating is computed again.',
  })
  @ApiErrors(400, 404, 409)
  close(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: ClosingDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<{ closedAt: Date }> {
    return this.closing.close(id, dto.confirm === true, user);
  }

  @Roles('organiser')
  @Post(':id/reopen')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reopen a closed tournament',
    description:
      'With "confirm": true. Results can change again; every rating is computed again without the tournament.',
  })
  @ApiErrors(400, 404, 409)
  async reopen(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: ClosingDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<{ reopened: true }> {
    await this.closing.reopen(id, dto.confirm === true, user);
    return { reopened: true };
  }
}
