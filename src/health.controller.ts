import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Liveness and which database is in use. */
  @Get('api/health')
  async health() {
    await this.dataSource.query('SELECT 1');
    return {
      status: 'ok',
      database: this.dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite',
    };
  }
}
