import { Module } from '@nestjs/common';
import type { DynamicModule, FactoryProvider, ModuleMetadata } from '@nestjs/common';
import { DirectorLogController } from './director-log.controller';
import { DirectorLogService } from './director-log.service';
import { LogPagesController } from './log-pages.controller';
import { LogSubjects } from './log-subjects';

/** How the application tells the log who owns what it names ({@link LogSubjects}). */
export interface LogSubjectsBinding {
  /** The modules whose services the factory is given. */
  imports: ModuleMetadata['imports'];
  /** Makes the port from those services. */
  subjects: Omit<FactoryProvider<LogSubjects>, 'provide'>;
}

/**
 * The director's log, read through its API and the organiser's log page (services of the other
 * modules write it in their transactions, with src/log/director-log.ts).
 */
@Module({})
export class DirectorLogModule {
  static register(binding: LogSubjectsBinding): DynamicModule {
    return {
      module: DirectorLogModule,
      imports: binding.imports,
      controllers: [DirectorLogController, LogPagesController],
      providers: [DirectorLogService, { provide: LogSubjects, ...binding.subjects }],
      exports: [DirectorLogService],
    };
  }
}
