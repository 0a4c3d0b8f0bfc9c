import { Global, Module } from '@nestjs/common';
import { Jobs } from './jobs';
import { JobsController } from './jobs.controller';

/** The long jobs of this process (imports, recomputes), for every module that starts one. */
@Global()
@Module({ controllers: [JobsController], providers: [Jobs], exports: [Jobs] })
export class JobsModule {}
