import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { JudgeWordsDto, UploadWordListDto } from './dto/words.dto';
import { WordsService } from './words.service';

@ApiTags('words')
@Controller('api')
export class WordsController {
  constructor(private readonly words: WordsService) {}

  @Get('tournaments/:id/word-list')
  @ApiOperation({ summary: "The list a tournament's words are checked against" })
  @ApiErrors(400, 404)
  describe(@IdParam('id', 'tournament') id: number) {
    return this.words.describe(id);
  }

  @Roles('organiser')
  @Put('tournaments/:id/word-list')
  @ApiOperation({
    summary:
      "Upload the tournament's own word list (refused whole, with every bad line, if any line is not a word)",
  })
  @ApiErrors(400, 404, 422)
  upload(@IdParam('id', 'tournament') id: number, @Body() dto: UploadWordListDto) {
    return this.words.upload(id, dto);
  }

  @Roles('organiser')
  @Delete('tournaments/:id/word-list')
  @ApiOperation({ summary: "Go back to the rule set's default list" })
  @ApiErrors(400, 404)
  remove(@IdParam('id', 'tournament') id: number) {
    return this.words.remove(id);
  }

  @Roles('judge')
  @Post('word-judge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Rule on the words of a challenged play: VALID or INVALID for the play as a whole; logged',
  })
  @ApiErrors(400, 404, 422)
  judge(@Body() dto: JudgeWordsDto, @CurrentUser() user: PublicUser | null) {
    return this.words.judge(dto, user);
  }

  @Roles('judge')
  @Get('tournaments/:id/word-rulings')
  @ApiOperation({ summary: "The word judge's rulings in a tournament" })
  @ApiErrors(400, 404)
  rulings(@IdParam('id', 'tournament') id: number) {
    return this.words.rulings(id);
  }
}
