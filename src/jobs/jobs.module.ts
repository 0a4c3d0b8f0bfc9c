import { Global, Module } from '@nestjs/common';
import { JobPagesController } from './job-pages.controller';
import { Jobs } from './jobs';
import { JobsController } from './jobs.controller';

/**
 * The long jobs of this process (imports, recomputes), for every module that starts one; their
 * API and their page (whose words and stream are bound by the application's module: the ports in
 * src/jobs/job-presenters.ts).
 */
@Global()
@Module({
  controllers: [JobsController, JobPagesController],
  providers: [Jobs],
  exports: [Jobs],
})
export class JobsModule {}
