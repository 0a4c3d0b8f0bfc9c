import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { databaseOptions, DatabaseSettings } from './database-options';
import { Revisions } from '../tournaments/revisions';
import { COMMITTED, Transactions } from '../database/transactions';

/** The database: settings given explicitly (tests), else from the environment. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(settings?: DatabaseSettings): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService) =>
            databaseOptions(
              settings ?? {
                url: config.get<string>('DATABASE_URL') || undefined,
                sqlitePath: config.get<string>('DATABASE_PATH') || undefined,
                logQueries: config.get<string>('DATABASE_LOG') === 'queries',
              },
            ),
        }),
      ],
      providers: [Revisions, { provide: COMMITTED, useExisting: Revisions }, Transactions],
      exports: [Revisions, Transactions],
    };
  }
}
