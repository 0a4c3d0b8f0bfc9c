import { AbsenceForm, AddPlayerForm } from '../players/player-forms';
import { GameSheetForm, SheetPostForm } from '../results/sheet-forms';
import {
  Choice,
  Clock,
  ConfirmForm,
  Int,
  RawList,
  RawSeries,
  ReadIf,
  ReadUnless,
  readForm,
} from './form-dto';

/** A form whose fields depend on what was sent and on what the handler knows (the rule set). */
class GameForm {
  @Choice(['played', 'forfeit'] as const, 'played') kind!: 'played' | 'forfeit' | null;
  @ReadUnless('kind', ['forfeit'])
  @Int(0, 900, { required: true })
  score!: number | null;
  @ReadUnless('kind', ['forfeit'])
  @Clock({ required: true })
  clock!: string | null;
  @ReadIf((_form, asked: { cards: boolean }) => asked.cards)
  @Int(0, 50)
  cards!: number | null;
}

/** Numbered fields and a field per kind, and a repeated field, all as sent. */
class SeriesForm {
  @RawSeries([1, 2, 3], (n) => `place${n}`) places!: Record<number, string>;
  @RawSeries(['top', 'bingo'] as const, (k) => `award-${k}`) awards!: Record<string, string>;
  @RawList() tieBreak!: string[];
}

const addPlayer = { transform: (body: unknown) => readForm(AddPlayerForm, body) };

describe('a page form read by its DTO', () => {
  it('types each field and keeps what was typed', () => {
    const form = addPlayer.transform({
      name: '  Ana Petrović ',
      club: '',
      rating: '1640',
      seed: '',
      country: 'SRB',
      federationId: 'SRB-0042',
      newPerson: '1',
      _csrf: 'not a field of the form',
    });
    expect(form.ok).toBe(true);
    expect(form.values).toEqual({
      name: 'Ana Petrović',
      club: null,
      rating: 1640,
      seed: null,
      person: null,
      country: 'SRB',
      federationId: 'SRB-0042',
      newPerson: true,
    });
    expect(form.typed('name')).toBe('  Ana Petrović ');
  });

  it.each([
    // [body, field, the message in English]
    [{ name: '' }, 'name', 'Required.'],
    [{ name: 'x'.repeat(201) }, 'name', 'At most 200 characters.'],
    [{ name: 'Ana', rating: '5001' }, 'rating', 'Enter a whole number from 0 to 5000.'],
    [{ name: 'Ana', rating: '12.5' }, 'rating', 'Enter a whole number from 0 to 5000.'],
    [{ name: 'Ana', country: 'Srbija' }, 'country', 'At most 3 characters.'],
    [
      { name: 'Ana', country: 'sr' },
      'country',
      'Two or three capital letters, as the federation writes it (SRB, CRO).',
    ],
  ])('refuses %j: %s', (body, field, message) => {
    const form = addPlayer.transform(body);
    expect(form.ok).toBe(false);
    expect(form.errorsIn('en')).toEqual([{ field, message }]);
  });

  it('asks for a name only when no registry person is picked', () => {
    expect(addPlayer.transform({ person: '12' }).ok).toBe(true);
    expect(addPlayer.transform({ person: '' }).problems).toEqual([
      { field: 'name', key: 'form.required' },
    ]);
  });

  it('words the problems in the page language, in the order of the fields', () => {
    const form = addPlayer.transform({ name: '', seed: '0' });
    expect(form.errorsIn('sr-Latn').map((e) => e.field)).toEqual(['name', 'seed']);
    expect(form.errorsIn('sr-Latn')[0].message).not.toBe(form.errorsIn('en')[0].message);
  });

  it('reads a box, a repeated field and a body that is no object', () => {
    expect(readForm(ConfirmForm, { confirm: '1' }).values.confirm).toBe(true);
    expect(readForm(ConfirmForm, {}).values.confirm).toBe(false);
    expect(readForm(AbsenceForm, { round: ['3', '4'] }).values.round).toBe(3);
    const none = readForm(AbsenceForm, undefined);
    expect(none.problems).toEqual([{ field: 'round', key: 'form.required' }]);
  });

  it('takes a problem the handler finds later, once a field', () => {
    const form = readForm(AbsenceForm, { round: '2' });
    form.fail('round', 'form.required');
    form.fail('round', 'form.choice');
    expect(form.problems).toEqual([{ field: 'round', key: 'form.required' }]);
  });

  it('reads a field only when the form or the handler asks it', () => {
    const played = readForm(
      GameForm,
      { score: '412', clock: '3.24', cards: 'x' },
      { cards: false },
    );
    expect(played.ok).toBe(true);
    expect(played.values).toEqual({ kind: 'played', score: 412, clock: '03:24', cards: null });
    const forfeit = readForm(
      GameForm,
      { kind: 'forfeit', score: 'x', clock: 'x' },
      { cards: true },
    );
    expect(forfeit.values).toEqual({ kind: 'forfeit', score: null, clock: null, cards: null });
    const asked = readForm(GameForm, { score: '', clock: '99:99:1', cards: '51' }, { cards: true });
    expect(asked.problems).toEqual([
      { field: 'score', key: 'form.required' },
      { field: 'clock', key: 'form.clock' },
      { field: 'cards', key: 'form.integer', params: { min: 0, max: 50 } },
    ]);
  });

  it("reads a subclass's fields after those of the form it extends, which keeps its own", () => {
    const body = { intent: 'import', import: 'a\r\nb\rc\n', version: '7', draftVersion: 'x' };
    const game = readForm(GameSheetForm, body);
    expect(game.values).toEqual({
      intent: 'import',
      import: 'a\nb\nc\n',
      version: 7,
      draftVersion: null,
    });
    expect(game.problems).toEqual([
      { field: 'draftVersion', key: 'form.integer', params: { min: 0, max: 999_999_999 } },
    ]);
    const loose = readForm(SheetPostForm, body);
    expect(loose.values).toEqual({ intent: 'import', import: 'a\nb\nc\n' });
    expect(readForm(SheetPostForm, {}).values).toEqual({ intent: '', import: '' });
  });

  it('reads a series of fields by their keys and every value of a repeated field', () => {
    const form = readForm(SeriesForm, {
      place1: ' 100 ',
      place3: '50',
      'award-bingo': '1',
      places: 'not a field of the form',
      tieBreak: ['spread', '', 'wins'],
    });
    expect(form.ok).toBe(true);
    expect(form.values).toEqual({
      places: { 1: ' 100 ', 2: '', 3: '50' },
      awards: { top: '', bingo: '1' },
      tieBreak: ['spread', '', 'wins'],
    });
    expect(readForm(SeriesForm, { tieBreak: 'spread' }).values.tieBreak).toEqual(['spread']);
    expect(readForm(SeriesForm, {}).values.tieBreak).toEqual([]);
  });
});
