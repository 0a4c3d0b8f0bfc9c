/**
 * The sheet form's rows kept on the device until the server has them: written on every edit,
 * read back when the page is opened again (after a reload, a crash, a lost connection), and
 * removed once the server has exactly those rows.
 *
 * localStorage rather than IndexedDB: it is synchronous, so the rows are on the disk when the
 * keystroke's handler returns (an IndexedDB write still in flight is lost with the tab), and a
 * sheet is a few kilobytes, far below its limit. No DOM types here: the store is handed in.
 */
import { isEmptyRow, isSheetForm, SheetForm, trimmedForm } from '../sheet-form/form';
import { ROW_FIELDS } from '../sheet-form/layout';

/** The part of the browser's `Storage` the keeper uses. */
export interface KeptStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Rows typed on this device and not yet known to be on the server. */
export interface KeptSheet {
  form: SheetForm;
  /** The server's draft version these rows were typed over (0: none; the phone keeps no draft). */
  basedOn: number;
  /** When they were last written, in milliseconds since 1970. */
  at: number;
  /**
   * The rows of drafts sent whose answers never came (as {@link formKey} writes them): if the
   * server has exactly one of these, that save went through and its version is ours, not someone
   * else's.
   */
  unanswered: string[];
}

/** Rows kept longer than this are another day's, of a game long saved: dropped when read. */
const KEEP_MS = 14 * 24 * 3600 * 1000;

/** How many rows of `form` the server does not have as they are in `saved` (changed, added or emptied). */
export function rowsWaiting(form: SheetForm, saved: SheetForm): number {
  const a = trimmedForm(form).rows;
  const b = trimmedForm(saved).rows;
  const rowKey = (r: (typeof a)[number] | undefined) =>
    r && !isEmptyRow(r) ? JSON.stringify([...ROW_FIELDS.map((f) => r[f]), r.extra]) : '';
  let n = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (rowKey(a[i]) !== rowKey(b[i])) n++;
  return n;
}

/**
 * The wait before the next try to reach the server, after `failures` failed ones in a row:
 * 1 s, 2 s, 4 s … up to 30 s, spread by up to a fifth so that a hall's devices do not all come
 * back in the same second.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

/** The rows of one sheet on this device, under one key (a game's, or a table code's). */
export class SheetKeeper {
  constructor(
    private readonly storage: KeptStorage | null,
    private readonly key: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** What is kept, if anything readable and recent. */
  read(): KeptSheet | null {
    let text: string | null;
    try {
      text = this.storage?.getItem(this.key) ?? null;
    } catch {
      return null; // storage refused (private mode, a policy): nothing kept
    }
    if (text === null) return null;
    try {
      const kept = JSON.parse(text) as Partial<KeptSheet>;
      if (
        isSheetForm(kept.form) &&
        typeof kept.basedOn === 'number' &&
        typeof kept.at === 'number' &&
        this.now() - kept.at < KEEP_MS
      ) {
        return {
          form: kept.form,
          basedOn: kept.basedOn,
          at: kept.at,
          unanswered: Array.isArray(kept.unanswered)
            ? kept.unanswered.filter((k): k is string => typeof k === 'string')
            : [],
        };
      }
    } catch {
      // not ours, or cut short: dropped below
    }
    this.clear();
    return null;
  }

  /** Keeps the rows; false when the device would not store them (full, or storage refused). */
  write(form: SheetForm, basedOn: number, unanswered: string[]): boolean {
    const kept: KeptSheet = { form: trimmedForm(form), basedOn, at: this.now(), unanswered };
    try {
      if (!this.storage) return false;
      this.storage.setItem(this.key, JSON.stringify(kept));
      return true;
    } catch {
      return false;
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // nothing kept to remove
    }
  }
}
