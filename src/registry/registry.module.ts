import { Module } from '@nestjs/common';
import { PersonEditPagesController } from './person-edit-pages.controller';
import { RegistryOrganiserController, RegistryPagesController } from './registry-pages.controller';
import { RegistryController } from './registry.controller';
import { RegistryService } from './registry.service';

/** The registry of persons who play across tournaments: its API, a person's page and edit page, merging two. */
@Module({
  controllers: [
    RegistryController,
    RegistryPagesController,
    RegistryOrganiserController,
    PersonEditPagesController,
  ],
  providers: [RegistryService],
  exports: [RegistryService],
})
export class RegistryModule {}
