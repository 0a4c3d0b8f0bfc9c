import type { MessageKey } from '../i18n';
import type { MissingResults } from './pairing-gate';

/** A page's or printout's words: a catalogue key and its figures, in the page's language. */
type Words = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * What a round was paired from, in words: "Paired from the standings after round 2", "Paired by
 * seed" (before any standings), or nothing for a system that ranks by no standings.
 */
export function basedOnText(t: Words, basedOn: number | null | undefined): string | undefined {
  if (basedOn === null || basedOn === undefined) return undefined;
  return basedOn === 0 ? t('round.basedOnSeeds') : t('round.basedOn', { n: basedOn });
}

/** The results missing, round by round, with their figures: "3 results of round 1 are missing (tables 1, 2, 4)". */
export function missingText(t: Words, missing: readonly MissingResults[]): string {
  return missing
    .map((r) =>
      t('org.missingResults', { n: r.tables.length, round: r.round, tables: r.tables.join(', ') }),
    )
    .join('; ');
}
