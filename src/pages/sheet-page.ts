import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { Response } from 'express';
import type { Lang } from '../i18n';
import type { GameHeading, GameReportSection, PageBase } from '../render/view-models';
import { ft } from '../sheet-form/messages';
import type { FormView } from '../sheet-form/view';

/** `judge/scoresheet`: the sheet form, its flags, the check beside it. */
export interface SheetFormPage extends PageBase {
  game: GameHeading | null;
  action: string;
  form: FormView;
  texts: ReturnType<typeof sheetTexts>;
  check: GameReportSection | null;
  canSave: boolean;
  saved: boolean;
  notice: { tone: 'ok' | 'warn' | 'bad'; text: string } | null;
  conflict: { text: string } | null;
  draftVersion: number;
  importText: string;
  importError: string | null;
  importOpen: boolean;
  links: boolean;
  /** A sheet of no game: which rules and how many players. */
  chooser?: {
    rules: { value: string; label: string; selected: boolean }[];
    players: number;
    min: number;
    max: number;
  };
  resultUrl?: string;
  wordCheckUrl?: string;
  scriptUrl: string;
  /** The browser script's settings (layout, language, where drafts and words go), as JSON. */
  configJson: string;
}

/** The template's fixed texts. */
export function sheetTexts(lang: Lang) {
  return {
    help: ft(lang, 'form.help'),
    number: ft(lang, 'col.number'),
    player: ft(lang, 'col.player'),
    addRows: ft(lang, 'form.addRows'),
    endTitle: ft(lang, 'end.title'),
    verify: ft(lang, 'form.verify'),
    save: ft(lang, 'form.save'),
    import: ft(lang, 'form.import'),
    importHelp: ft(lang, 'form.importHelp'),
    importButton: ft(lang, 'form.importButton'),
    rules: ft(lang, 'form.rules'),
    players: ft(lang, 'form.players'),
    open: ft(lang, 'form.open'),
  };
}

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
    if (name !== 'sheet-form.js' || !SHEET_SCRIPT.body) {
      res.status(404).type('text/plain').send('no such asset');
      return;
    }
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('ETag', `"${SHEET_SCRIPT.hash}"`);
    res.status(200).send(SHEET_SCRIPT.body);
  }
}
