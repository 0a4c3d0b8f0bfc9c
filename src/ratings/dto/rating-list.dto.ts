import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CSV_LIMIT } from '../../common/body/body-limits';

/** A rating list to import, as CSV text. */
export class RatingListDto {
  @ApiProperty({
    example:
      'federationId,name,country,family,rating,games\nSRB-771,Marko Ilić,SRB,kvizovka,1650,42\n',
    description:
      'CSV with a header: federationId and/or name, country (optional), family, rating, games (optional, 0)',
  })
  @IsString()
  @MaxLength(CSV_LIMIT)
  csv: string;
}
