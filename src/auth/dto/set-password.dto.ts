import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** An account's new password, set by the site administrator. */
export class SetPasswordDto {
  @ApiProperty({ minLength: 10 })
  @IsString()
  @MinLength(10, { message: 'password must have at least 10 characters' })
  @MaxLength(200)
  password: string;
}
