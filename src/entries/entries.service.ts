import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BadInput, Conflict, NotFound } from '../common/errors';
import { forUpdate } from '../database/lock';
import { Transactions } from '../database/transactions';
import { t, type Lang } from '../i18n';
import { lookAlikeKey, nameKey, cleanName } from '../i18n/names';
import { ENTRY_LINK_NOTE, writeLog, type Actor } from '../log/director-log';
import { PlayersService } from '../players/players.service';
import { RegistryService } from '../registry/registry.service';
import { TournamentsService } from '../tournaments/tournaments.service';
import { Entry, EntryDivision, EntryFlag, EntryStatus, EntryWindow } from './entry.entity';
import { entryTokenHash, newEntryToken } from './entry-tokens';
import { MAILER, type Mailer } from '../mail/mailer';

/** What a player sends to enter (checked by the form's DTO already). */
export interface EntryInput {
  divisionId: number;
  name: string;
  club: string | null;
  federationId: string | null;
  /** A registry person chosen, by id. */
  person: number | null;
  email: string;
}

/** A division's entry settings as the organiser sets them. */
export interface DivisionEntrySetting {
  divisionId: number;
  takes: boolean;
  cap: number | null;
  waitingList: boolean;
}

/** An entry as the pages show it. */
export interface EntryView {
  id: number;
  tournamentId: number;
  divisionId: number;
  division: string;
  name: string;
  club: string | null;
  federationId: string | null;
  personId: number | null;
  email: string;
  status: EntryStatus;
  /** Its place on the waiting list (1: the next to move up), null when not waiting. */
  place: number | null;
  flags: EntryFlag[];
  playerId: number | null;
}

/** A tournament's entries: open or not, the deadline, and each division's settings. */
export interface EntriesState {
  tournamentId: number;
  tournament: string;
  timeZone: string | null;
  open: boolean;
  deadlineMs: number | null;
  divisions: (DivisionEntrySetting & { name: string; taken: number; waiting: number })[];
}

/** Entries that hold a place: waiting for the organiser, or confirmed. */
const HOLDING: EntryStatus[] = ['entered', 'confirmed'];

/**
 * Entries online: the organiser opens a tournament's entries (deadline, divisions, caps,
 * waiting list), players enter from a public page without an account, and the organiser
 * confirms each entry, which registers its player, or refuses it. See docs/entries.md.
 */
@Injectable()
export class EntriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly tournaments: TournamentsService,
    private readonly players: PlayersService,
    private readonly registry: RegistryService,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  /** The tournament's name (404 for none). */
  async tournamentName(tournamentId: number): Promise<string> {
    return (await this.tournaments.outline(tournamentId)).name;
  }

  get mailConfigured(): boolean {
    return this.mailer.configured;
  }

  /** The tournament's entries as they stand. 404 for no tournament. */
  async state(tournamentId: number): Promise<EntriesState> {
    const outline = await this.tournaments.outline(tournamentId);
    const m = this.dataSource.manager;
    const window = await m.findOneBy(EntryWindow, { tournamentId });
    const settings = await m.findBy(EntryDivision, { tournamentId });
    const counts = await m
      .createQueryBuilder(Entry, 'e')
      .select('e.division_id', 'divisionId')
      .addSelect('e.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .where('e.tournament_id = :tournamentId', { tournamentId })
      .groupBy('e.division_id')
      .addGroupBy('e.status')
      .getRawMany<{ divisionId: number | string; status: EntryStatus; n: number | string }>();
    const count = (divisionId: number, statuses: EntryStatus[]) =>
      counts
        .filter((c) => Number(c.divisionId) === divisionId && statuses.includes(c.status))
        .reduce((sum, c) => sum + Number(c.n), 0);
    return {
      tournamentId,
      tournament: outline.name,
      timeZone: outline.timeZone,
      open: window?.open ?? false,
      deadlineMs: window?.deadlineMs ?? null,
      divisions: outline.divisions.map((d) => {
        const s = settings.find((x) => x.divisionId === d.id);
        return {
          divisionId: d.id,
          name: d.name,
          takes: s !== undefined,
          cap: s?.cap ?? null,
          waitingList: s?.waitingList ?? true,
          taken: count(d.id, HOLDING),
          waiting: count(d.id, ['waiting']),
        };
      }),
    };
  }

  /**
   * Opens the tournament's entries until `deadlineMs` in the divisions that take them (at least
   * one), with their caps; entries waiting move up where a cap grew. 400 naming the division
   * field when none takes entries.
   */
  async open(
    tournamentId: number,
    deadlineMs: number,
    divisions: readonly DivisionEntrySetting[],
    user: Actor,
  ): Promise<void> {
    const outline = await this.tournaments.outline(tournamentId);
    const known = new Set(outline.divisions.map((d) => d.id));
    const taking = divisions.filter((d) => d.takes && known.has(d.divisionId));
    if (taking.length === 0)
      throw new BadInput('ENTRIES_NO_DIVISION', 'choose at least one division that takes entries', {
        field: 'divisions',
      });
    const name = new Map(outline.divisions.map((d) => [d.id, d.name]));
    await this.transactions.run(async (m) => {
      await this.tournaments.lockTournament(m, tournamentId);
      const window = await m.findOneBy(EntryWindow, { tournamentId });
      const was = window?.open ? await this.logged(m, window, name) : null;
      await m.save(
        window
          ? Object.assign(window, { open: true, deadlineMs })
          : m.create(EntryWindow, { tournamentId, open: true, deadlineMs }),
      );
      const stored = await m.findBy(EntryDivision, { tournamentId });
      for (const s of stored)
        if (!taking.some((d) => d.divisionId === s.divisionId)) await m.remove(s);
      for (const d of taking) {
        const s = stored.find((x) => x.divisionId === d.divisionId);
        const row = s
          ? Object.assign(s, { cap: d.cap, waitingList: d.waitingList })
          : m.create(EntryDivision, {
              tournamentId,
              divisionId: d.divisionId,
              cap: d.cap,
              waitingList: d.waitingList,
            });
        await m.save(row);
        await this.moveUp(m, row);
      }
      await writeLog(m, user, {
        tournamentId,
        action: 'entries.opened',
        before: was,
        after: await this.logged(m, { tournamentId, deadlineMs }, name),
      });
    });
  }

  /** The entries' deadline and divisions (by name, with caps) as the log keeps them. */
  private async logged(
    m: EntityManager,
    window: Pick<EntryWindow, 'tournamentId' | 'deadlineMs'>,
    names: Map<number, string>,
  ): Promise<Record<string, unknown>> {
    const divisions = await m.find(EntryDivision, {
      where: { tournamentId: window.tournamentId },
      order: { divisionId: 'ASC' },
    });
    return {
      deadline: new Date(window.deadlineMs).toISOString(),
      entryDivisions: divisions.map((d) => ({
        division: names.get(d.divisionId) ?? String(d.divisionId),
        cap: d.cap,
        waitingList: d.waitingList,
      })),
    };
  }

  /** Closes the tournament's entries (they can be opened again); logged when they were open. */
  async close(tournamentId: number, user: Actor): Promise<void> {
    await this.tournaments.outline(tournamentId);
    await this.transactions.run(async (m) => {
      const window = await m.findOne(EntryWindow, { where: { tournamentId }, ...forUpdate(m) });
      if (!window?.open) return;
      await m.update(EntryWindow, { tournamentId }, { open: false });
      await writeLog(m, user, { tournamentId, action: 'entries.closed' });
    });
  }

  /**
   * Takes an entry: refused (409) when entries are closed or the deadline passed, 400 naming
   * the field for a division that takes none or a registry person that does not exist. Beyond
   * the division's cap it waits (or, without a waiting list, is refused). Its name is flagged
   * when it is, or looks like, a registered player's or another entry's. Returns the entry and
   * its private link's token, which is not stored.
   */
  async enter(
    tournamentId: number,
    input: EntryInput,
    lang: Lang,
  ): Promise<{ entry: EntryView; token: string }> {
    const name = cleanName(input.name);
    if (input.person !== null) {
      // A person chosen must exist (the registry's 404 is this form's bad field).
      try {
        await this.registry.get(input.person);
      } catch {
        throw new BadInput('ENTRY_PERSON_UNKNOWN', `person ${input.person} does not exist`, {
          field: 'person',
        });
      }
    }
    const players = await this.players.namesLike(input.divisionId, name);
    const token = newEntryToken();
    const id = await this.transactions.run(async (m) => {
      const window = await m.findOne(EntryWindow, { where: { tournamentId }, ...forUpdate(m) });
      if (!window?.open)
        throw new Conflict('ENTRIES_CLOSED', `tournament ${tournamentId} takes no entries now`);
      if (Date.now() > window.deadlineMs)
        throw new Conflict('ENTRIES_DEADLINE_PASSED', 'the deadline for entries has passed', {
          deadlineMs: window.deadlineMs,
        });
      const division = await m.findOne(EntryDivision, {
        where: { tournamentId, divisionId: input.divisionId },
        ...forUpdate(m),
      });
      if (!division)
        throw new BadInput(
          'ENTRY_DIVISION',
          `division ${input.divisionId} takes no entries in tournament ${tournamentId}`,
          { field: 'divisionId' },
        );
      const others = await m.find(Entry, {
        where: { divisionId: input.divisionId, status: In(['entered', 'waiting', 'confirmed']) },
        select: { id: true, name: true, status: true },
      });
      const flags = this.flagsOf(name, players, others);
      const holding = others.filter((e) => HOLDING.includes(e.status)).length;
      const full = division.cap !== null && holding >= division.cap;
      if (full && !division.waitingList)
        throw new Conflict('ENTRIES_FULL', `division ${input.divisionId} is full`, {
          cap: division.cap,
        });
      const saved = await m.save(
        m.create(Entry, {
          tournamentId,
          divisionId: input.divisionId,
          name,
          club: input.club,
          federationId: input.federationId,
          personId: input.person,
          email: input.email,
          lang,
          status: full ? 'waiting' : 'entered',
          tokenHash: entryTokenHash(token),
          flags: JSON.stringify(flags),
          playerId: null,
        }),
      );
      return saved.id;
    });
    return { entry: await this.view(this.dataSource.manager, id), token };
  }

  /** What a name shares with the division's players (as registration sees it) and entries. */
  private flagsOf(
    name: string,
    players: { twin: { name: string } | null; lookAlikes: { name: string }[] },
    entries: readonly Pick<Entry, 'name'>[],
  ): EntryFlag[] {
    const flags: EntryFlag[] = [];
    if (players.twin) flags.push({ kind: 'same', of: 'player', name: players.twin.name });
    for (const p of players.lookAlikes)
      flags.push({ kind: 'lookAlike', of: 'player', name: p.name });
    const exact = nameKey(name);
    const looks = lookAlikeKey(name);
    for (const e of entries) {
      if (nameKey(e.name) === exact) flags.push({ kind: 'same', of: 'entry', name: e.name });
      else if (lookAlikeKey(e.name) === looks)
        flags.push({ kind: 'lookAlike', of: 'entry', name: e.name });
    }
    return flags.slice(0, 10);
  }

  /** The entry of a private link's token, or 404. */
  async byToken(token: string): Promise<EntryView> {
    const m = this.dataSource.manager;
    const entry = await m.findOneBy(Entry, { tokenHash: entryTokenHash(token) });
    if (!entry) throw new NotFound('entry', 'of this link');
    return this.view(m, entry.id);
  }

  /**
   * The player withdraws the entry of the link: the first on the waiting list moves up when
   * it held a place. A confirmed entry is the organiser's to withdraw (409 ENTRY_CONFIRMED).
   */
  async withdraw(token: string): Promise<EntryView> {
    const id = await this.transactions.run(async (m) => {
      const entry = await m.findOne(Entry, {
        where: { tokenHash: entryTokenHash(token) },
        ...forUpdate(m),
      });
      if (!entry) throw new NotFound('entry', 'of this link');
      if (entry.status === 'confirmed')
        throw new Conflict(
          'ENTRY_CONFIRMED',
          'a confirmed entry is withdrawn by the organiser: the player is registered',
        );
      if (entry.status === 'withdrawn' || entry.status === 'refused') return entry.id;
      const was = entry.status;
      entry.status = 'withdrawn';
      await m.save(entry);
      // The player has no account: the log says it was their own link.
      await this.logEntry(m, null, entry, 'entry.withdrawn', was, ENTRY_LINK_NOTE);
      await this.moveUpIn(m, entry.tournamentId, entry.divisionId);
      return entry.id;
    });
    return this.view(this.dataSource.manager, id);
  }

  /**
   * The organiser confirms an entry: its player is registered in its division (with every check
   * registration makes: a name the division has already is 409 PLAYER_EXISTS), in the same
   * transaction. Only an entry that holds a place is confirmed (409 ENTRY_NOT_PENDING).
   */
  async confirm(entryId: number, user: Actor): Promise<EntryView> {
    await this.transactions.run(async (m) => {
      const entry = await m.findOne(Entry, { where: { id: entryId }, ...forUpdate(m) });
      if (!entry) throw new NotFound('entry', entryId);
      if (entry.status !== 'entered')
        throw new Conflict('ENTRY_NOT_PENDING', `entry ${entryId} is ${entry.status}`, {
          status: entry.status,
        });
      const player = await this.players.registerWithin(
        m,
        entry.divisionId,
        {
          name: entry.name,
          club: entry.club,
          ...(entry.personId !== null ? { person: entry.personId } : {}),
          ...(entry.federationId !== null ? { federationId: entry.federationId } : {}),
        },
        user,
        entry.id,
      );
      entry.status = 'confirmed';
      entry.playerId = player.id;
      await m.save(entry);
    });
    return this.view(this.dataSource.manager, entryId);
  }

  /** The organiser refuses an entry; when it held a place, the first waiting moves up. */
  async refuse(entryId: number, user: Actor): Promise<EntryView> {
    await this.transactions.run(async (m) => {
      const entry = await m.findOne(Entry, { where: { id: entryId }, ...forUpdate(m) });
      if (!entry) throw new NotFound('entry', entryId);
      if (entry.status !== 'entered' && entry.status !== 'waiting')
        throw new Conflict('ENTRY_NOT_PENDING', `entry ${entryId} is ${entry.status}`, {
          status: entry.status,
        });
      const was = entry.status;
      entry.status = 'refused';
      await m.save(entry);
      await this.logEntry(m, user, entry, 'entry.refused', was);
      if (was === 'entered') await this.moveUpIn(m, entry.tournamentId, entry.divisionId);
    });
    return this.view(this.dataSource.manager, entryId);
  }

  /**
   * The organiser undoes a refusal: the entry waits for a decision again, as it would if it were
   * sent now, except that it keeps its place in the order sent. In a full division it goes to the
   * waiting list, or, without one, is not taken back (409 ENTRIES_FULL); in a division that no
   * longer takes entries it has no cap. Only a refused entry is taken back (409
   * ENTRY_NOT_REFUSED).
   */
  async restore(entryId: number, user: Actor): Promise<EntryView> {
    await this.transactions.run(async (m) => {
      const entry = await m.findOne(Entry, { where: { id: entryId }, ...forUpdate(m) });
      if (!entry) throw new NotFound('entry', entryId);
      if (entry.status !== 'refused')
        throw new Conflict('ENTRY_NOT_REFUSED', `entry ${entryId} is ${entry.status}`, {
          status: entry.status,
        });
      const division = await m.findOne(EntryDivision, {
        where: { tournamentId: entry.tournamentId, divisionId: entry.divisionId },
        ...forUpdate(m),
      });
      const holding = await m.countBy(Entry, {
        divisionId: entry.divisionId,
        status: In(HOLDING),
      });
      const full = division !== null && division.cap !== null && holding >= division.cap;
      if (full && !division.waitingList)
        throw new Conflict('ENTRIES_FULL', `division ${entry.divisionId} is full`, {
          cap: division.cap,
        });
      entry.status = full ? 'waiting' : 'entered';
      await m.save(entry);
      await this.logEntry(m, user, entry, 'entry.restored', 'refused');
    });
    return this.view(this.dataSource.manager, entryId);
  }

  /** An entry's change of status in the director's log, the entry named. */
  private logEntry(
    m: EntityManager,
    user: Actor,
    entry: Entry,
    action: 'entry.refused' | 'entry.withdrawn' | 'entry.restored',
    was: EntryStatus,
    note?: string,
  ): Promise<void> {
    return writeLog(m, user, {
      tournamentId: entry.tournamentId,
      divisionId: entry.divisionId,
      action,
      before: { entryStatus: was },
      after: { entry: entry.name, entryStatus: entry.status },
      ...(note !== undefined ? { note } : {}),
    });
  }

  /** One entry, or 404. */
  async get(entryId: number): Promise<EntryView> {
    return this.view(this.dataSource.manager, entryId);
  }

  /** A tournament's entries, in the order sent. */
  async list(tournamentId: number): Promise<EntryView[]> {
    // An unknown tournament is a 404, not an empty list.
    await this.tournaments.outline(tournamentId);
    const m = this.dataSource.manager;
    const entries = await m.find(Entry, { where: { tournamentId }, order: { id: 'ASC' } });
    const names = new Map(
      (await this.tournaments.divisionNames(tournamentId)).map((d) => [d.id, d.name]),
    );
    const places = new Map<number, number>();
    const waitingIn = new Map<number, number>();
    for (const e of entries) {
      if (e.status !== 'waiting') continue;
      const n = (waitingIn.get(e.divisionId) ?? 0) + 1;
      waitingIn.set(e.divisionId, n);
      places.set(e.id, n);
    }
    return entries.map((e) =>
      this.viewOf(e, names.get(e.divisionId) ?? String(e.divisionId), places.get(e.id) ?? null),
    );
  }

  /**
   * Sends the entry's private link to its e-mail, in the language it was entered in; false
   * when no mail could be sent (none set up, or the server refused it).
   */
  async mailLink(entry: EntryView, lang: Lang, tournament: string, link: string): Promise<boolean> {
    if (!this.mailer.configured) return false;
    const params = { tournament, division: entry.division, name: entry.name, link };
    const lines = [
      t(lang, 'entry.mail.greeting', { name: entry.name }),
      entry.place !== null
        ? t(lang, 'entry.mail.waiting', { ...params, place: entry.place })
        : t(lang, 'entry.mail.entered', params),
      '',
      t(lang, 'entry.mail.link'),
      link,
    ];
    try {
      await this.mailer.send({
        to: entry.email,
        subject: t(lang, 'entry.mail.subject', params),
        text: lines.join('\n'),
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Moves entries up from the waiting list while the division has places. */
  private async moveUpIn(m: EntityManager, tournamentId: number, divisionId: number) {
    const division = await m.findOne(EntryDivision, {
      where: { tournamentId, divisionId },
      ...forUpdate(m),
    });
    if (division) await this.moveUp(m, division);
  }

  private async moveUp(m: EntityManager, division: EntryDivision): Promise<void> {
    const holding = await m.countBy(Entry, {
      divisionId: division.divisionId,
      status: In(HOLDING),
    });
    const free = division.cap === null ? Infinity : division.cap - holding;
    if (free <= 0) return;
    const waiting = await m.find(Entry, {
      where: { divisionId: division.divisionId, status: 'waiting' },
      order: { id: 'ASC' },
      ...(Number.isFinite(free) ? { take: free } : {}),
    });
    for (const e of waiting) await m.update(Entry, { id: e.id }, { status: 'entered' });
  }

  private async view(m: EntityManager, id: number): Promise<EntryView> {
    const e = await m.findOneBy(Entry, { id });
    if (!e) throw new NotFound('entry', id);
    const place =
      e.status === 'waiting'
        ? await m
            .createQueryBuilder(Entry, 'w')
            .where('w.division_id = :d AND w.status = :s AND w.id <= :id', {
              d: e.divisionId,
              s: 'waiting',
              id: e.id,
            })
            .getCount()
        : null;
    const division = (await this.tournaments.divisionNames(e.tournamentId)).find(
      (d) => d.id === e.divisionId,
    );
    return this.viewOf(e, division?.name ?? String(e.divisionId), place);
  }

  private viewOf(e: Entry, division: string, place: number | null): EntryView {
    return {
      id: e.id,
      tournamentId: e.tournamentId,
      divisionId: e.divisionId,
      division,
      name: e.name,
      club: e.club,
      federationId: e.federationId,
      personId: e.personId,
      email: e.email,
      status: e.status,
      place,
      flags: JSON.parse(e.flags) as EntryFlag[],
      playerId: e.playerId,
    };
  }
}
