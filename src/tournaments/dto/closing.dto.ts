import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

/** Closing or reopening a tournament asks first: without `confirm` the answer says what it does. */
export class ClosingDto {
  @ApiPropertyOptional({
    description:
      'true to do it; without it, 409 CONFIRMATION_NEEDED says what it would do (games rated, games pending)',
  })
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}
