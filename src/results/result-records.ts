import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { GameRecords, HeldChange, HeldDraft, HeldSheet } from '../rounds/game-records';
import { ResultChange } from './result-change.entity';
import { ScoreSheet } from './score-sheet.entity';
import { SheetDraft } from './sheet-draft.entity';

/** The games' ids a query's `IN` list takes at a time. */
const CHUNK = 500;

/** The rounds' port to what a game holds that the results own ({@link GameRecords}). */
@Injectable()
export class ResultRecords implements GameRecords {
  async sheetVerdicts(
    m: EntityManager,
    gameIds: readonly number[],
  ): Promise<Map<number, { ok: boolean | null }>> {
    const verdicts = new Map<number, { ok: boolean | null }>();
    for (let i = 0; i < gameIds.length; i += CHUNK) {
      for (const s of await m.find(ScoreSheet, {
        where: { gameId: In(gameIds.slice(i, i + CHUNK)) },
        select: { gameId: true, ok: true },
      })) {
        verdicts.set(s.gameId, { ok: s.ok });
      }
    }
    return verdicts;
  }

  async held(
    m: EntityManager,
    gameIds: readonly number[],
  ): Promise<{ sheets: HeldSheet[]; drafts: HeldDraft[]; changes: HeldChange[] }> {
    if (gameIds.length === 0) return { sheets: [], drafts: [], changes: [] };
    const ids = [...gameIds];
    const [sheets, drafts, changes] = await Promise.all([
      m.find(ScoreSheet, {
        where: { gameId: In(ids) },
        select: { gameId: true, sheet: true, ok: true },
      }),
      m.find(SheetDraft, { where: { gameId: In(ids) } }),
      m.find(ResultChange, { where: { gameId: In(ids) }, order: { id: 'ASC' } }),
    ]);
    return { sheets, drafts, changes };
  }

  async remove(m: EntityManager, gameIds: readonly number[]): Promise<void> {
    const chunk = [...gameIds];
    await m.delete(ResultChange, { gameId: In(chunk) });
    await m.delete(ScoreSheet, { gameId: In(chunk) });
    await m.delete(SheetDraft, { gameId: In(chunk) });
  }
}
