import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { LIVE_SCRIPT } from './live-ref';
import { REPLAY_SCRIPT } from './replay-script';
import { SHEET_SCRIPT } from './sheet-script';
import { ROUND_SCRIPT } from './round-results-script';

/** The page scripts, served from memory. */
@ApiExcludeController()
@Controller('assets')
export class AssetsController {
  @Get(':name')
  serve(@Param('name') name: string, @Res() res: Response): void {
    const script =
      name === 'sheet-form.js'
        ? SHEET_SCRIPT
        : name === 'live.js'
          ? LIVE_SCRIPT
          : name === 'replay.js'
            ? REPLAY_SCRIPT
            : name === 'round-results.js'
              ? ROUND_SCRIPT
              : null;
    if (!script?.body) {
      res.status(404).type('text/plain').send('no such asset');
      return;
    }
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('ETag', `"${script.hash}"`);
    res.status(200).send(script.body);
  }
}
