import { Controller, Get, OnApplicationShutdown } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'http';
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

  /**
   * A monitor's ask (`GET` or `HEAD /api/health`, no cookie, no token, no body, no
   * conditional header) answered before Express, with the bytes and headers Express gives
   * it; anything else, or a failed ping, goes to Express (`route`) as before. A monitor asks
   * often, and its way through Express, Nest and the middleware made some 60 kB of objects
   * an ask, a third of them kept past two scavenges: asked every 20 ms beside an import, the
   * young generation grew to its 32 MB and the old one by 1 MB a second, memory the process
   * kept after the imports.
   */
  answerFirst(
    etag: (body: string) => string,
  ): (req: IncomingMessage, res: ServerResponse, route: () => void) => boolean {
    let answer: { body: string; etag: string } | null = null;
    return (req, res, route) => {
      const h = req.headers;
      if (
        req.url !== '/api/health' ||
        (req.method !== 'GET' && req.method !== 'HEAD') ||
        h.cookie !== undefined ||
        h.authorization !== undefined ||
        h['if-none-match'] !== undefined ||
        h['if-modified-since'] !== undefined ||
        h['transfer-encoding'] !== undefined ||
        (h['content-length'] !== undefined && h['content-length'] !== '0')
      ) {
        return false;
      }
      this.health().then(
        (value) => {
          if (!answer) {
            const body = JSON.stringify(value);
            answer = { body, etag: etag(body) };
          }
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Content-Length', Buffer.byteLength(answer.body));
          res.setHeader('ETag', answer.etag);
          res.setHeader('Vary', 'Accept-Encoding');
          res.end(req.method === 'HEAD' ? undefined : answer.body);
        },
        // Answered by Express, as it answers a failed ping (its error, in its words).
        () => route(),
      );
      return true;
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.database.close();
  }
}
