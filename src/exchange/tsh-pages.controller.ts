import { Controller, Post, Req, Res, UploadedFile, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { formatBytes, TSH_LIMIT } from '../common/body/body-limits';
import { TooLarge } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { TshService } from './tsh.service';
import { tshProblemMessage } from './tsh-messages';
import { tshProblemsOf } from './tsh-import';
import { Jobs } from '../jobs/jobs';
import { jobUrls, lineCount, PAGE_WAIT_PLAYER_LINES } from '../web/job-urls';
import type { FieldError } from '../render/view-models';
import { divisionDefaults, tournamentPageModel } from '../tournaments/tournament-page';
import { TournamentsService } from '../tournaments/tournaments.service';
import type { CheckedForm } from '../web/form-dto';
import { FormWithFile, refusal, type Uploaded } from '../web/forms';
import { PageForm } from '../web/page-form';
import { TshImportForm } from './tsh-forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/** A `.t` file's bytes: UTF-8, or Latin-1 (TSH's own default) when they are not UTF-8. */
function decodeTsh(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** A division from a TSH `.t` file, posted from the organiser's tournament page. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class TshPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly tsh: TshService,
    private readonly jobs: Jobs,
  ) {}

  /**
   * Posts a TSH `.t` file (`tsh`, a file, multipart; or `tshText`, pasted) with the new
   * division's `tshName` and `tshRules`: the division with its players, rounds and results,
   * all or nothing. A file with problems is shown again with each problem by line and field.
   */
  @Post('tournaments/:id/divisions/tsh')
  @FormWithFile('tsh', TSH_LIMIT)
  async importTsh(
    @IdParam('id', 'tournament') id: number,
    @UploadedFile() file: Uploaded,
    @PageForm(TshImportForm) form: CheckedForm<TshImportForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const t = await this.tournaments.get(id);
    // A closed tournament takes no division from a file: refused before anything is read, and
    // its page offers no form (the service refuses it too).
    if (t.closedAt) {
      await page.render(
        'organiser/tournament',
        tournamentPageModel(page, t, divisionDefaults(t), [], undefined, {
          errors: [{ field: '', message: page.t('err.TOURNAMENT_CLOSED') }],
        }),
        409,
      );
      return;
    }
    const text = (file && file.size > 0 ? decodeTsh(file.buffer) : form.values.tshText).replace(
      /^\uFEFF/,
      '',
    );
    if (text.length > TSH_LIMIT) {
      throw new TooLarge(
        'BODY_TOO_LARGE',
        `the TSH file is larger than ${formatBytes(TSH_LIMIT)}, the most an import takes`,
        { limit: formatBytes(TSH_LIMIT) },
      );
    }
    const name = form.values.tshName;
    // Not chosen, the tournament's own rules, as a new division's form offers them.
    const rules = form.values.tshRules ?? t.ruleSet;
    if (text.trim() === '') form.fail('tshText', 'form.required');
    if (name !== null && t.divisions.some((d) => d.name === name)) {
      form.fail('tshName', 'err.DIVISION_EXISTS');
    }
    const sent = { name: form.typed('tshName'), rules: form.typed('tshRules'), text };
    const again = (status: number, errors: FieldError[], problems: string[] = []) =>
      page.render(
        'organiser/tournament',
        tournamentPageModel(page, t, divisionDefaults(t), [], undefined, {
          ...sent,
          errors,
          problems,
        }),
        status,
      );
    if (!form.ok) {
      await again(400, form.errorsIn(page.lang));
      return;
    }
    try {
      // Read and written in a job's process; a long file's page follows it with a progress bar.
      const job = await this.tsh.startImport(
        id,
        { name: name!, file: text, ...(rules ? { ruleSet: rules } : {}) },
        page.user,
        page.lang,
      );
      if (lineCount(text) > PAGE_WAIT_PLAYER_LINES) {
        page.redirect(jobUrls.page(job.id));
        return;
      }
      const d = await this.jobs.outcome(job);
      page.redirect(withQuery(urls.orgTournament(id), { done: 'tshImported', n: d.players }));
    } catch (e) {
      const problems = tshProblemsOf(e);
      if (problems) {
        await again(
          422,
          [],
          problems.map((p) => tshProblemMessage(page.lang, p)),
        );
        return;
      }
      const { status, message, code } = refusal(page.lang, e);
      await again(status, [{ field: code === 'DIVISION_EXISTS' ? 'tshName' : '', message }]);
    }
  }
}
