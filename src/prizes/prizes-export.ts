import type { EntityManager } from 'typeorm';
import type { PrizeTableSettings } from './prize-table';
import { PrizeTable } from './prize-table.entity';

/*
 * The prize table as a tournament's export reads it and an import writes it (src/exchange),
 * without NestJS, on the caller's manager (`m`): the import's one transaction.
 */

/** The tournament's prize table as set, or null when it has none. */
export async function prizeTableForExport(
  m: EntityManager,
  tournamentId: number,
): Promise<PrizeTableSettings | null> {
  const row = await m.findOneBy(PrizeTable, { tournamentId });
  if (!row) return null;
  return {
    currency: row.currency,
    onePrizePerPlayer: row.onePrizePerPlayer,
    places: row.places,
    classes: row.classes,
    awards: row.awards,
  };
}

/** Stores an imported tournament's prize table (checked by `readPrizeTable`), version 1. */
export async function insertImportedPrizeTable(
  m: EntityManager,
  tournamentId: number,
  table: PrizeTableSettings,
): Promise<void> {
  await m.save(m.create(PrizeTable, { tournamentId, ...table, version: 1 }));
}
