import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import type { Role } from '../user.entity';

export class CreateUserDto {
  @ApiProperty({ example: 'judge@example.org' })
  @IsEmail()
  @MaxLength(200)
  email: string;

  @ApiProperty({ example: 'Jelena Judge' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiProperty({ enum: ['organiser', 'judge'] })
  @IsIn(['organiser', 'judge'])
  role: Role;

  @ApiProperty({ minLength: 10 })
  @IsString()
  @MinLength(10, { message: 'password must have at least 10 characters' })
  @MaxLength(200)
  password: string;
}
