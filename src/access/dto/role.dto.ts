import { ApiProperty } from '@nestjs/swagger';
import { IsIn, Matches, MaxLength } from 'class-validator';
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
