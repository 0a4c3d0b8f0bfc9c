import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LANGUAGES, type Lang } from '../../i18n';
import { EMAIL } from '../../entries/entry-forms';

/** A role given to an account that exists, by its e-mail (others are invited). */
export class GrantRoleDto {
  @ApiProperty({ example: 'sudija@example.org', maxLength: 200 })
  @MaxLength(200)
  @Matches(EMAIL, { message: 'email must be an e-mail address (sudija@example.org)' })
  email: string;

  @ApiProperty({ enum: ['co-director', 'judge'] })
  @IsIn(['co-director', 'judge'], { message: 'role must be co-director or judge' })
  role: 'co-director' | 'judge';
}

/** An invitation to a role in the tournament, by e-mail (the invitee need have no account). */
export class InviteDto {
  @ApiProperty({ example: 'sudija@example.org', maxLength: 200 })
  @MaxLength(200)
  @Matches(EMAIL, { message: 'email must be an e-mail address (sudija@example.org)' })
  email: string;

  @ApiProperty({ example: 'Sara Sudić', maxLength: 200 })
  @IsString()
  @MaxLength(200)
  @Matches(/\S/, { message: 'name must not be empty' })
  name: string;

  @ApiProperty({ enum: ['co-director', 'judge'] })
  @IsIn(['co-director', 'judge'], { message: 'role must be co-director or judge' })
  role: 'co-director' | 'judge';

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: "The language of the invitation's page and mail (default: Serbian, Latin)",
  })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Lang;
}
