import { checkLog } from '../exchange/log-format';
import { logLine } from './log-page';
import type { LogEntryView } from './director-log.view';
import { changedFields } from './director-log';

// The text rules' module also holds decorators of NestJS, which Jest cannot load (ES modules).
jest.mock('../common/api/text', () => ({
  // eslint-disable-next-line no-control-regex
  PRINTABLE: /^[^\u0000-\u001f\u007f]*$/,
}));

describe('changedFields', () => {
  it('keeps only the fields that changed, each side with just those', () => {
    expect(
      changedFields(
        { name: 'Ana', club: 'A', rating: 1500, seed: 1 },
        { name: 'Ana', club: 'B', rating: 1500, seed: 1 },
      ),
    ).toEqual({ before: { club: 'A' }, after: { club: 'B' } });
  });

  it('compares lists and objects by value, and a missing field as null', () => {
    expect(changedFields({ plan: ['swiss'] }, { plan: ['swiss'] })).toBeNull();
    expect(changedFields({ cap: null }, { cap: 150, extra: true })).toEqual({
      before: { cap: null, extra: null },
      after: { cap: 150, extra: true },
    });
  });
});

const entry = (over: Partial<LogEntryView>): LogEntryView => ({
  id: 1,
  // 14:05 in Belgrade (UTC+1 in November), whatever the zone the test runs in.
  at: new Date('2026-11-25T13:05:00Z'),
  action: 'round.paired',
  by: { userId: 1, name: 'Olga', email: 'olga@example.org' },
  note: null,
  divisionId: 1,
  division: 'Open',
  playerId: null,
  player: null,
  gameId: null,
  players: null,
  round: 1,
  table: null,
  before: null,
  after: null,
  ...over,
});

const BELGRADE = 'Europe/Belgrade';

describe('logLine: an entry in words', () => {
  it("says when in the events' time zone, never the server's", () => {
    const at = entry({ at: new Date('2026-07-01T22:30:00Z') });
    // Summer: Belgrade is UTC+2, so 22:30 UTC is past midnight there, the next day.
    expect(logLine('sr-Latn', at, BELGRADE).when).toBe('2. 7. 2026. 00:30');
    expect(logLine('en', at, 'UTC').when).toBe('2026-07-01 22:30');
    expect(logLine('en', at, 'America/New_York').when).toBe('2026-07-01 18:30');
  });

  it('says when, who, what and each change in the language of the page', () => {
    const line = logLine(
      'sr-Latn',
      entry({
        action: 'result.corrected',
        gameId: 7,
        players: ['Ana', 'Bora'],
        table: 2,
        before: { scores: [420, 380], winner: 'second' },
        after: { scores: [400, 380], winner: 'first' },
      }),
      BELGRADE,
    );
    expect(line).toEqual({
      when: '25. 11. 2026. 14:05',
      who: 'Olga',
      email: 'olga@example.org',
      what: 'Ispravljen rezultat: 1. kolo, sto 2 (Ana – Bora) · Open',
      changes: [
        { field: 'poeni', before: '420 : 380', after: '400 : 380' },
        { field: 'pobednik', before: 'drugi igrač', after: 'prvi igrač' },
      ],
    });
    expect(
      logLine('en', entry({ action: 'round.paired', after: { system: 'swiss' } }), BELGRADE),
    ).toEqual(
      expect.objectContaining({
        when: '2026-11-25 14:05',
        what: 'Round 1 paired · Open',
        changes: [{ field: 'system', before: '', after: 'Swiss' }],
      }),
    );
  });

  it('says counts in words with their plural, and moments as dates, in every language', () => {
    const closed = (lang: 'sr-Latn' | 'sr-Cyrl' | 'en', pending: number, complete: number) =>
      logLine(
        lang,
        entry({
          action: 'tournament.closed',
          division: null,
          round: null,
          after: { pending, complete },
        }),
        BELGRADE,
      ).changes.map((c) => c.line);
    expect(closed('sr-Latn', 0, 17)).toEqual([
      '0 partija bez rezultata',
      '17 partija s rezultatom',
    ]);
    expect(closed('sr-Latn', 2, 21)).toEqual([
      '2 partije bez rezultata',
      '21 partija s rezultatom',
    ]);
    expect(closed('sr-Cyrl', 1, 3)).toEqual(['1 партија без резултата', '3 партије с резултатом']);
    expect(closed('en', 1, 17)).toEqual(['1 game without a result', '17 games with a result']);
    const paired = (lang: 'sr-Latn' | 'en', repeats: number) =>
      logLine(lang, entry({ after: { tables: 3, repeats } }), BELGRADE).changes.map(
        (c) => c.line ?? `${c.field}: ${c.after}`,
      );
    expect(paired('sr-Latn', 4)).toEqual(['stolovi: 3', '4 para igrača ponovo za istim stolom']);
    expect(paired('en', 1)).toEqual(['tables: 3', '1 pair of players at one table again']);
    const reopened = entry({
      action: 'tournament.reopened',
      before: { closedAt: '2026-11-25T13:05:00.000Z' },
    });
    expect(logLine('sr-Latn', reopened, BELGRADE).changes).toEqual([
      { field: 'zatvoren', before: '25. 11. 2026. 14:05', after: '—' },
    ]);
    const seats = logLine(
      'sr-Latn',
      entry({ action: 'result.entered', table: 1, after: { seats: [{ score: 30, place: 1 }] } }),
      BELGRADE,
    );
    expect(seats.changes).toEqual([{ field: 'poeni i mesta', before: '', after: '30 (1. mesto)' }]);
  });

  it("names a division's rule set and its clock (the rule set's own when not set), and leaves out the registry's id", () => {
    const added = logLine(
      'sr-Latn',
      entry({
        action: 'division.created',
        after: { name: 'A grupa', ruleSet: 'kvizovka', options: {} },
      }),
      BELGRADE,
    );
    expect(added.changes.filter((c) => c.field !== 'naziv')).toEqual([
      { field: 'Pravila', before: '', after: 'Kvizovka' },
      { field: 'Vreme po igraču (min)', before: '', after: '30' },
    ]);
    const set = logLine(
      'en',
      entry({
        action: 'division.settings',
        before: { options: {} },
        after: { options: { clockMinutes: 25 } },
      }),
      BELGRADE,
    );
    expect(set.changes).toEqual([{ field: 'Minutes per player', before: '—', after: '25' }]);
    const registered = logLine(
      'sr-Latn',
      entry({
        action: 'player.registered',
        player: 'Ema',
        round: null,
        after: { name: 'Ema', person: 24 },
      }),
      BELGRADE,
    );
    expect(registered.changes.map((c) => c.field)).toEqual(['Ime']);
  });

  it("says a player's and a person's name as a name, a tournament's as a title (issue 36)", () => {
    const edited = (lang: 'sr-Latn' | 'en', action: string) =>
      logLine(
        lang,
        entry({
          action,
          player: 'Ana Petrović',
          round: null,
          division: null,
          before: { name: 'Ana Petrović', country: null, federationId: '7' },
          after: { name: 'Ana Ilić', country: 'SRB', federationId: '941204' },
        }),
        BELGRADE,
      );
    expect(edited('sr-Latn', 'player.edited').changes[0]).toEqual({
      field: 'Ime',
      before: 'Ana Petrović',
      after: 'Ana Ilić',
    });
    const person = edited('sr-Latn', 'person.edited');
    expect(person.what).toBe(
      'Izmenjeni podaci igrača Ana Petrović u registru (važe za sve turnire)',
    );
    expect(person.changes).toEqual([
      { field: 'Ime', before: 'Ana Petrović', after: 'Ana Ilić' },
      { field: 'Zemlja', before: '—', after: 'SRB' },
      { field: 'ID u savezu', before: '7', after: '941204' },
    ]);
    expect(edited('en', 'person.edited').changes.map((c) => c.field)).toEqual([
      'Name',
      'Country',
      'Federation id',
    ]);
    const withdrawn = logLine(
      'sr-Latn',
      entry({
        action: 'player.withdrawn',
        player: 'Ana',
        round: null,
        before: { active: true },
        after: { active: false },
      }),
      BELGRADE,
    );
    expect(withdrawn.changes).toEqual([{ field: 'Na turniru', before: 'da', after: 'ne' }]);
    const renamed = logLine(
      'sr-Latn',
      entry({
        action: 'tournament.settings',
        round: null,
        before: { name: 'A' },
        after: { name: 'B' },
      }),
      BELGRADE,
    );
    expect(renamed.changes[0].field).toBe('naziv');
  });

  it.each([
    // An account's name is a person's (ime), not a title (naziv), in every entry that names one.
    ['sr-Latn', 'invitation.sent', ['ime', 'e-pošta', 'uloga']],
    ['sr-Latn', 'invitation.accepted', ['ime', 'e-pošta', 'uloga']],
    ['sr-Latn', 'role.granted', ['ime', 'e-pošta', 'uloga']],
    ['hr', 'invitation.sent', ['ime', 'e-pošta', 'uloga']],
    ['sr-Cyrl', 'role.granted', ['име', 'е-пошта', 'улога']],
    ['en', 'invitation.sent', ['name', 'e-mail', 'role']],
  ] as const)('labels the name of an account in %s %s as a name', (lang, action, fields) => {
    const line = logLine(
      lang,
      entry({
        action,
        round: null,
        division: null,
        before: null,
        after: { name: 'Vesna Đurić', email: 'vesna@example.org', role: 'judge' },
      }),
      BELGRADE,
    );
    expect(line.changes.map((c) => c.field)).toEqual(fields);
    expect(line.changes[0].after).toBe('Vesna Đurić');
  });

  it('names settings, a late entry, tables of a swap, nobody and a cap removed', () => {
    const settings = logLine(
      'sr-Latn',
      entry({
        action: 'division.settings',
        by: null,
        note: 'no signed-in user',
        before: { rounds: 5, spreadCap: 150, gibsonize: false },
        after: { rounds: 6, spreadCap: null, gibsonize: true },
      }),
      BELGRADE,
    );
    expect(settings.who).toBe('bez prijavljenog korisnika');
    expect(settings.what).toBe('Izmenjena podešavanja grupe Open');
    expect(settings.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`)).toEqual([
      'Broj kola: 5 → 6',
      'Najveća razlika jedne partije: 150 → bez ograničenja',
      'Gibsonizacija: vođstvo koje se ne može stići igra s igračem van borbe za drugo mesto: ne → da',
    ]);
    const late = logLine(
      'sr-Latn',
      entry({
        action: 'player.registered',
        player: 'Ema',
        round: null,
        after: { name: 'Ema', lateEntry: true, joinedRound: 3 },
      }),
      BELGRADE,
    );
    expect(late.what).toBe('Prijavljen igrač Ema · Open (naknadna prijava: igra od 3. kola)');
    expect(late.changes).toEqual([{ field: 'Ime', before: '', after: 'Ema' }]);
    const swap = logLine(
      'sr-Latn',
      entry({
        action: 'round.swapped',
        before: { tables: [{ table: 1, first: 'Ana', second: null }] },
        after: { tables: [{ table: 1, first: 'Bora', second: null }] },
      }),
      BELGRADE,
    );
    expect(swap.changes).toEqual([
      { field: 'stolovi', before: 'Sto 1: Ana – slobodan', after: 'Sto 1: Bora – slobodan' },
    ]);
    // A code from a later version is shown as it is, never as a missing text.
    expect(logLine('sr-Latn', entry({ action: 'word.ruled', round: null }), BELGRADE).what).toBe(
      'word.ruled · Open',
    );
  });
});

describe('checkLog: the log of an exported document', () => {
  const check = (log: unknown) => {
    const errors: string[] = [];
    checkLog(log, new Map([['Open', new Set([1, 2])]]), (path, message) =>
      errors.push(`${path}: ${message}`),
    );
    return errors;
  };
  const good = {
    at: '2026-11-25T10:00:00.000Z',
    action: 'player.withdrawn',
    by: { name: 'Olga', email: 'olga@example.org' },
    note: null,
    division: 'Open',
    player: 2,
    round: null,
    table: null,
    before: { active: true },
    after: { active: false },
  };

  it('takes no log (an older document) and a good one', () => {
    expect(check(undefined)).toEqual([]);
    expect(check([good, { ...good, division: null, player: null, by: null }])).toEqual([]);
  });

  it('names every field that is wrong', () => {
    expect(
      check([
        { ...good, player: 3 },
        { ...good, division: 'B', action: 'Round paired' },
        { ...good, division: null },
        { ...good, at: 'yesterday', round: 0, table: 1.5, before: [1], after: 'x' },
        { ...good, by: { name: '' }, note: 'a\u0000b' },
        { ...good, after: { text: 'x'.repeat(70_000) } },
      ]),
    ).toEqual([
      'log[0].player: must be the ref of a player of division Open',
      'log[1].action: must be an action code such as round.paired',
      'log[1].division: must be null or the name of a division of the document',
      'log[2].player: a player is named with their division',
      'log[3].at: must be an ISO date',
      'log[3].round: must be null or a round number',
      'log[3].table: must be null or a table number',
      'log[3].before: must be null or an object',
      'log[3].after: must be null or an object',
      'log[4].by: must be null or { name, email }',
      'log[4].note: must be null or a text of up to 200 characters',
      'log[5].after: must be at most 64 KB written as JSON',
    ]);
    expect(check({})).toEqual(['log: must be a list of at most 200000 entries']);
  });
});
