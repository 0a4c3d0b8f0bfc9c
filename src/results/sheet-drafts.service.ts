import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PublicUser } from '../auth/public-user';
import { BadInput, Conflict, ErrorDetails, NotFound } from '../common/errors';
import { RoundsService } from '../rounds/rounds.service';
import { Transactions } from '../database/transactions';
import { formKey, isSheetForm, SheetForm } from '../sheet-form/form';
import { SheetDraft } from './sheet-draft.entity';

/** A draft as the page needs it. */
export interface DraftView {
  form: SheetForm;
  version: number;
  savedBy: string | null;
  savedAt: Date;
}

declare module '../common/errors' {
  interface ErrorDetails {
    /** The draft as the other judge saved it since it was read (or its version, none kept). */
    DRAFT_CONFLICT: Partial<DraftView> & { version: number };
  }
}

/** The largest draft kept (a 200-row sheet of long cells fits many times over). */
const MAX_DRAFT_BYTES = 200_000;

/**
 * Score sheets being typed. A save names the version it was based on; when
 * another judge saved in between, it is refused with what they saved, never
 * written over it.
 */
@Injectable()
export class SheetDraftsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly rounds: RoundsService,
  ) {}

  async get(gameId: number): Promise<DraftView | null> {
    const draft = await this.dataSource.manager.findOneBy(SheetDraft, { gameId });
    return draft ? view(draft) : null;
  }

  /** Keeps the rows; `basedOn` is the version the page had (0: none yet). */
  async save(
    gameId: number,
    form: unknown,
    basedOn: number,
    user: PublicUser | null,
  ): Promise<{ version: number; savedAt: Date }> {
    if (!isSheetForm(form)) {
      throw new BadInput('DRAFT_UNREADABLE', 'a draft must be the rows of the sheet form');
    }
    const text = JSON.stringify(form);
    if (text.length > MAX_DRAFT_BYTES) {
      throw new BadInput('DRAFT_TOO_LARGE', `a draft may be at most ${MAX_DRAFT_BYTES} bytes`);
    }
    return this.transactions.run(async (m) => {
      // The game's row is locked first (PostgreSQL): two saves of one game's draft take turns,
      // so the second reads the first's version (a conflict) instead of both reading none and
      // racing to insert, or both writing over one version.
      if (!(await this.rounds.lockGame(m, gameId))) throw new NotFound('game', gameId);
      const draft = await m.findOneBy(SheetDraft, { gameId });
      const current = draft?.version ?? 0;
      // The server already has these very rows: the page's own draft, sent a moment before and
      // not yet answered when the page posted them again (or its answer was lost). Nothing of
      // anyone's would be overwritten, so it is no conflict.
      if (draft && basedOn !== current && formKey(view(draft).form) === formKey(form)) {
        return { version: current, savedAt: draft.updatedAt };
      }
      if (basedOn !== current) {
        throw new Conflict(
          'DRAFT_CONFLICT',
          `the sheet of game ${gameId} was changed by ${draft?.savedBy ?? 'someone'} since you loaded it (version ${current}, yours ${basedOn})`,
          (draft ? view(draft) : { version: current }) satisfies ErrorDetails['DRAFT_CONFLICT'],
        );
      }
      const savedBy = user?.name ?? null;
      if (draft) {
        draft.form = text;
        draft.version = current + 1;
        draft.savedBy = savedBy;
        const saved = await m.save(draft);
        return { version: saved.version, savedAt: saved.updatedAt };
      }
      const created = await m.save(
        m.create(SheetDraft, { gameId, form: text, version: 1, savedBy }),
      );
      return { version: created.version, savedAt: created.updatedAt };
    });
  }
}

function view(draft: SheetDraft): DraftView {
  const parsed: unknown = JSON.parse(draft.form);
  return {
    form: parsed as SheetForm,
    version: draft.version,
    savedBy: draft.savedBy,
    savedAt: draft.updatedAt,
  };
}
