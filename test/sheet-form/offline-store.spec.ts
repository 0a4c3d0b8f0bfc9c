import { emptyEnd, emptyRow, formKey, FormRow, SheetForm } from '../../src/sheet-form/form';
import { KeptStorage, retryDelay, rowsWaiting, SheetKeeper } from '../../src/browser/offline-store';

const row = (player: number, position: string, word: string, score: string): FormRow => ({
  ...emptyRow(player),
  position,
  word,
  score,
});
const form = (rows: FormRow[]): SheetForm => ({ rows, end: emptyEnd(2), extra: '' });

/** The browser's storage as far as the keeper uses it: a map, which may refuse to write. */
class MapStorage implements KeptStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('rows kept on the device while the server cannot be reached', () => {
  const a = row(0, '9F', 'KUĆA', '12');
  const b = row(1, 'F9', 'NJIVA', '9');
  const c = row(0, '10A', 'DŽEP', '14');

  test('a form is the same sheet whatever its padding of empty rows and the order of its keys', () => {
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as FormRow;
    expect(formKey(form([a, b, emptyRow(0), emptyRow(1)]))).toBe(formKey(form([reordered, b])));
    expect(formKey(form([a, b]))).not.toBe(formKey(form([a, { ...b, score: '19' }])));
  });

  test.each([
    // typed on the page       on the server   waiting
    [[a, b, c], [a, b], 1], // one row added
    [[a, { ...b, score: '19' }, c], [a, b], 2], // one changed, one added
    [[a], [a, b, c], 2], // two emptied
    [[a, b], [a, b], 0], // all there
    [[a, emptyRow(1), c], [a, b, c], 1], // one in the middle emptied
  ])('rows waiting: %#', (typed, saved, waiting) => {
    expect(rowsWaiting(form(typed), form(saved))).toBe(waiting);
  });

  test('the wait before trying again doubles from 1 s to 30 s, spread by at most a fifth', () => {
    // failures: 1 → 1 s, 2 → 2 s, 3 → 4 s, 5 → 16 s, 6 → 32 s capped at 30 s.
    expect([1, 2, 3, 5, 6, 12].map((n) => retryDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelay(6, () => 1)).toBe(36_000); // 30 s + a fifth
  });

  test('kept rows are read back, forgotten when cleared, stale or unreadable; a full store says so', () => {
    const storage = new MapStorage();
    let now = 1_000_000;
    const keeper = new SheetKeeper(storage, 'k', () => now);
    expect(keeper.read()).toBeNull();
    expect(keeper.write(form([a, b, emptyRow(0)]), 3, ['sent'])).toBe(true);
    expect(keeper.read()).toEqual({
      form: form([a, b]),
      basedOn: 3,
      at: 1_000_000,
      unanswered: ['sent'],
    });
    now += 15 * 24 * 3600 * 1000; // a fortnight and a day later: another event's rows
    expect(keeper.read()).toBeNull();
    expect(storage.items.size).toBe(0);
    storage.items.set('k', '{"form":');
    expect(keeper.read()).toBeNull();
    expect(storage.items.size).toBe(0);
    storage.full = true;
    expect(keeper.write(form([a]), 0, [])).toBe(false);
    expect(new SheetKeeper(null, 'k').write(form([a]), 0, [])).toBe(false);
  });
});
