import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class SignInDto {
  @ApiProperty({ example: 'organiser@example.org' })
  @IsEmail()
  @MaxLength(200)
  email: string;

  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  password: string;

  @ApiProperty({
    required: false,
    enum: ['session', 'api'],
    description: 'api: a long-lived bearer token for scripts',
  })
  @IsOptional()
  @IsIn(['session', 'api'])
  kind?: 'session' | 'api';
}
