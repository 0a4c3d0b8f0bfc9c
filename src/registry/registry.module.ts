import { Module } from '@nestjs/common';
import { RegistryOrganiserController, RegistryPagesController } from './registry-pages.controller';
import { RegistryController } from './registry.controller';
import { RegistryService } from './registry.service';

/** The registry of persons who play across tournaments: its API, a person's page, merging two. */
@Module({
  controllers: [RegistryController, RegistryPagesController, RegistryOrganiserController],
  providers: [RegistryService],
  exports: [RegistryService],
})
export class RegistryModule {}
