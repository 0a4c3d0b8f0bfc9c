import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module';
import { RegistryController } from './registry.controller';
import { RegistryService } from './registry.service';

/** The registry of persons who play across tournaments. */
@Module({
  imports: [RatingsModule],
  controllers: [RegistryController],
  providers: [RegistryService],
  exports: [RegistryService],
})
export class RegistryModule {}
