import { Controller, Get, OnApplicationShutdown } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { DatabasePing } from './database/health-ping';

@ApiTags('health')
@Controller()
export class HealthController implements OnApplicationShutdown {
  private readonly database: DatabasePing;

  constructor(private readonly dataSource: DataSource) {
    this.database = new DatabasePing(dataSource);
  }

  /** Liveness and which database is in use. */
  @Get('api/health')
  async health() {
    await this.database.ping();
    return {
      status: 'ok',
      database: this.dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite',
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.database.close();
  }
}
