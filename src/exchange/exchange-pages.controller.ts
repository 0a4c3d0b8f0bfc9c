import {
  Controller,
  Get,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { formatBytes, IMPORT_FILE_LIMIT } from '../common/body/body-limits';
import { DomainError } from '../common/errors';
import { formatCount, isMessageKey } from '../i18n';
import { dayIn, formatDateTime } from '../i18n/time';
import { Jobs } from '../jobs/jobs';
import type { CheckedForm } from '../web/form-dto';
import { slug } from '../web/downloads';
import { FormWithFile, refusal, type Uploaded } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { ruleSetName } from '../web/rule-set-name';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import { ImportConfirmForm } from './exchange-forms';
import type { ImportPreviewModel, OrganiserImportPage } from './exchange-page-models';
import { ExchangeService } from './exchange.service';
import { EXCHANGE_FORMAT, GENERAL_REASON, type DocumentError, type ImportReason } from './format';
import type { ImportPreview } from './tournament-import';

/** `Content-Disposition` of a tournament's file: `kup-beograda-2026-2026-12-04.arbiter.json`. */
export function exportDisposition(name: string, day: string): string {
  const file = `${slug(name, 'turnir')}-${day}.arbiter.json`;
  return `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/** A file's bytes as text: UTF-8, a byte-order mark dropped. */
function decodeFile(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Line and column (from 1) of a character's offset in a text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * A tournament's whole file on the organiser's pages: downloaded from its page, and imported as
 * a copy after a preview of what it makes (the file kept on the server in between).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class ExchangePagesController {
  constructor(
    private readonly exchange: ExchangeService,
    private readonly jobs: Jobs,
  ) {}

  /** The tournament's file (`arbiter-tournament/1`, as `GET /api/tournaments/:id/export`). */
  @Get('tournaments/:id/export')
  async download(@IdParam('id', 'tournament') id: number, @Res() res: Response): Promise<void> {
    const doc = await this.exchange.export(id);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      exportDisposition(doc.tournament.name, doc.exportedAt.slice(0, 10)),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.send(JSON.stringify(doc));
  }

  /** The import's page: choose a file. */
  @Get('import')
  async importPage(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    await page.render('organiser/import', this.model(page, [], null));
  }

  /**
   * Posts `file` (multipart): the file is read, checked and its sheets verified as an import
   * would, then kept, and its preview shown with the copy's name to confirm; a file with any
   * problem is refused whole (422, each problem by its place in the file), nothing kept.
   */
  @Post('import')
  @FormWithFile('file', IMPORT_FILE_LIMIT)
  async preview(
    @UploadedFile() file: Uploaded & { originalname?: string },
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    if (!file || file.size === 0) {
      await page.render('organiser/import', this.model(page, [page.t('import.noFile')], null), 400);
      return;
    }
    const text = decodeFile(file.buffer);
    const fileName = (file.originalname ?? '').slice(0, 200) || 'arbiter.json';
    let preview: ImportPreview & { upload?: string };
    try {
      // The file is kept with the preview's verdict, for the confirmation to take.
      preview = await this.exchange.preview(text, page.user, { fileName });
    } catch (e) {
      await this.refused(page, e, text);
      return;
    }
    const upload = preview.upload!;
    const name = `${preview.name} ${page.t('import.copySuffix')}`.slice(0, 200);
    await page.render(
      'organiser/import',
      this.model(page, [], this.previewModel(page, preview, fileName, upload, name)),
    );
  }

  /** Posts `upload` and `name`: the kept file imported as a copy of that name, all or nothing. */
  @Post('import/confirm')
  async confirm(
    @PageForm(ImportConfirmForm) form: CheckedForm<ImportConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const id = form.values.upload ?? '';
    const kept = id ? await this.exchange.keptUpload(id, page.user) : null;
    if (!kept) {
      await page.render('organiser/import', this.model(page, [page.t('import.gone')], null), 409);
      return;
    }
    if (!form.ok) {
      // The name refused: the preview again, read once more from the file kept.
      const preview = await this.exchange.preview(kept.document, page.user);
      const model = this.previewModel(page, preview, kept.fileName, id, form.typed('name'));
      await page.render(
        'organiser/import',
        this.model(page, [], { ...model, errors: form.errorsIn(page.lang) }),
        400,
      );
      return;
    }
    let imported: { id: number };
    try {
      const job = await this.exchange.startImport(kept.document, page.user, {
        name: form.values.name!,
        fileName: kept.fileName,
        uploadId: id,
      });
      imported = await this.jobs.outcome(job);
    } catch (e) {
      await this.refused(page, e, kept.document);
      return;
    }
    page.redirect(withQuery(urls.orgTournament(imported.id), { done: 'tournamentImported' }));
  }

  /** The page again with why the file is refused (nothing stored); a 5xx goes to the error page. */
  private async refused(page: PageContext, e: unknown, text: string): Promise<void> {
    if (!(e instanceof DomainError) || e.status >= 500) throw e;
    await page.render(
      'organiser/import',
      this.model(page, this.problems(page, e, text), null),
      e.status,
    );
  }

  /** A refusal's reasons in the page's language, each with its place in the file. */
  private problems(page: PageContext, e: DomainError, text: string): string[] {
    const listed = e.details as DocumentError[] | undefined;
    if (e.code === 'IMPORT_INVALID' && Array.isArray(listed)) {
      // Another kind of file (a score sheet, a rating list's JSON): said whole, in words.
      if (listed.length === 1 && listed[0].path === 'format') {
        const sent = /not (.*)$/.exec(listed[0].message)?.[1] ?? 'missing';
        return [page.t('import.problem.format', { format: EXCHANGE_FORMAT, sent })];
      }
      if (listed.length === 1 && listed[0].path === '') return [page.t('import.problem.object')];
      const shown = listed.slice(0, 50).map((p) => {
        const message = reasonText(page, p.reason ?? GENERAL_REASON);
        return p.path
          ? page.t('import.problem.field', { field: p.path, message })
          : page.t('import.problem.file', { message });
      });
      if (listed.length > 50) shown.push(page.t('import.problem.more', { n: listed.length - 50 }));
      return shown;
    }
    if (e.code === 'BAD_JSON') {
      const at = /position (\d+)/.exec(e.message);
      if (at) {
        const { line, column } = lineAndColumn(text, Number(at[1]));
        return [page.t('import.problem.json', { line, column })];
      }
      return [page.t('import.problem.notJson')];
    }
    if (e.code === 'MALFORMED_TEXT') return [page.t('import.problem.text', { message: e.message })];
    return [refusal(page.lang, e).message];
  }

  private model(
    page: PageContext,
    problems: string[],
    preview: ImportPreviewModel | null,
  ): OrganiserImportPage {
    return {
      ...page.base(
        page.t('import.title'),
        page.crumbs({ label: page.t('page.organiser'), url: urls.organiser }),
      ),
      uploadAction: urls.orgImport,
      limit: formatBytes(IMPORT_FILE_LIMIT),
      problems,
      preview,
    };
  }

  private previewModel(
    page: PageContext,
    p: ImportPreview,
    fileName: string,
    upload: string,
    name: string,
  ): ImportPreviewModel {
    const sum = (f: 'players' | 'rounds' | 'games' | 'results' | 'sheets') =>
      p.divisions.reduce((n, d) => n + d[f], 0);
    return {
      fileName,
      source: p.name,
      exportedAt: p.exportedAt
        ? formatDateTime(page.lang, new Date(p.exportedAt), page.timeZone)
        : null,
      closedOn: p.closedAt ? dayIn(new Date(p.closedAt), page.timeZone) : null,
      prizes: p.prizes
        ? page.t('import.prizes', {
            places: formatCount(page.lang, p.prizes.places),
            classes: formatCount(page.lang, p.prizes.classes),
            awards: formatCount(page.lang, p.prizes.awards),
          })
        : page.t('import.noPrizes'),
      federationIds: p.federationIds,
      logEntries: p.logEntries,
      divisions: p.divisions.map((d) => ({ ...d, rules: ruleSetName(d.ruleSet, page.lang) })),
      totals: {
        players: sum('players'),
        rounds: sum('rounds'),
        games: sum('games'),
        results: sum('results'),
        sheets: sum('sheets'),
      },
      confirmAction: urls.orgImportConfirm,
      upload,
      name,
      errors: [],
    };
  }
}

/** Why a field of the file is refused, in the page's language with its figures. */
function reasonText(page: PageContext, reason: ImportReason): string {
  // The prize table's own reasons, as its page says them.
  const prize = `prizeErr.${String(reason.params.problem)}`;
  if (reason.code === 'IMPORT_BAD_PRIZE_TABLE' && isMessageKey(prize))
    return page.t(prize, reason.params);
  return page.t(`import.reason.${reason.code}`, reason.params);
}
