import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { Response } from 'express';
import { LIVE_SCRIPT } from '../web/live-ref';

/**
 * The browser bundle of the engine and the form (`npm run build` writes it
 * with esbuild next to the compiled server). Its URL carries a hash of its
 * bytes, so that a browser may keep it for a year and still never run an
 * old one.
 */
export const SHEET_SCRIPT = (() => {
  const path = join(__dirname, '..', '..', 'assets', 'sheet-form.js');
  const body = existsSync(path) ? readFileSync(path) : null;
  const hash = body ? createHash('sha256').update(body).digest('hex').slice(0, 12) : 'missing';
  return { path, body, hash, url: `/assets/sheet-form.js?v=${hash}` };
})();

/** The page scripts, served from memory. */
@ApiExcludeController()
@Controller('assets')
export class AssetsController {
  @Get(':name')
  serve(@Param('name') name: string, @Res() res: Response): void {
    const script =
      name === 'sheet-form.js' ? SHEET_SCRIPT : name === 'live.js' ? LIVE_SCRIPT : null;
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
