import { Module } from '@nestjs/common';
import { AssetsController } from './sheet-page';

/** The pages' scripts, not yet beside the rest of the pages' plumbing (src/web). */
@Module({ controllers: [AssetsController] })
export class PagesModule {}
