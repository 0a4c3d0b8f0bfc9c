import type {
  EnterPage,
  EntriesListPage,
  EntryPage,
  OrganiserEntriesPage,
} from '../../src/entries/entry-page-models';
import type { PageBase } from '../../src/render/view-models';

/** The entries' pages, as their controllers build them (words in Serbian; the views' own in `lang`). */
export function entrySamples(
  base: (title: string, path: string, organiser?: boolean) => PageBase,
): Record<string, object> {
  const enter: EnterPage = {
    ...base('Prijava za turnir Kup Beograda', '/tournaments/1/enter'),
    open: true,
    closedText: '',
    deadlineText: 'Prijave traju do 20. 12. 2026. 18:00 (Europe/Belgrade).',
    action: '/tournaments/1/enter',
    divisions: [
      { id: 1, name: 'A grupa', places: 'zauzeto 12 od 16 mesta', selected: false },
      {
        id: 2,
        name: 'B grupa',
        places: 'popunjeno (8 mesta): nove prijave idu na listu čekanja (na njoj: 2)',
        selected: true,
      },
    ],
    values: { name: '', club: 'ŠK Vračar', federationId: '', email: 'ana', divisionId: '2' },
    person: null,
    errors: [
      { field: 'name', message: 'Obavezno polje.' },
      { field: 'email', message: 'Upišite adresu e-pošte, na primer ana@primer.rs.' },
    ],
    summary: ['Ime: Obavezno polje.', 'E-pošta: Upišite adresu e-pošte, na primer ana@primer.rs.'],
    search: {
      q: 'petrovic',
      searched: true,
      found: [{ text: 'Ana Petrović, ŠK Vračar, SRB', url: '/tournaments/1/enter?person=12' }],
    },
    listUrl: '/tournaments/1/entries',
  };
  const entry: EntryPage = {
    ...base('Vaša prijava za turnir Kup Beograda', '/entries/x'),
    justSent: true,
    statusText: 'Na listi čekanja ste, mesto 2.',
    statusTone: 'warn',
    details: [
      { label: 'Ime', value: 'Ana Petrović' },
      { label: 'Grupa', value: 'B grupa' },
      { label: 'E-pošta', value: 'ana@example.org' },
    ],
    link: 'https://turnir.example.org/entries/4m0Z4bq2TFh8u9m2VdQmJ3yWcR7Lk1xN',
    mailText: 'Pismo na ana@example.org nije moglo da se pošalje; sačuvajte vezu sa ove stranice.',
    mailTone: 'warn',
    withdrawAction: '/entries/4m0Z4bq2TFh8u9m2VdQmJ3yWcR7Lk1xN/withdraw',
    listUrl: '/tournaments/1/entries',
    errors: [],
  };
  const list: EntriesListPage = {
    ...base('Prijave za turnir Kup Beograda', '/tournaments/1/entries'),
    divisions: [
      {
        name: 'A grupa',
        confirmed: [{ name: 'Bora Jović', club: 'ŠK Vračar' }],
        waiting: [{ place: 1, name: 'Ema Kostić', club: '' }],
      },
    ],
    enterUrl: '/tournaments/1/enter',
  };
  const organiser: OrganiserEntriesPage = {
    ...base('Prijave: Kup Beograda', '/organiser/tournaments/1/entries', true),
    stateText: 'Prijave su otvorene do 20. 12. 2026. 18:00 (Europe/Belgrade).',
    stateTone: 'ok',
    open: true,
    openAction: '/organiser/tournaments/1/entries',
    closeAction: '/organiser/tournaments/1/entries/close',
    publicUrl: '/tournaments/1/enter',
    timeZone: 'Europe/Belgrade',
    values: { deadline: '2026-12-20T18:00' },
    divisionSettings: [
      { id: 1, name: 'A grupa', takes: true, cap: '16', capError: '', waitingList: true },
      {
        id: 2,
        name: 'B grupa',
        takes: false,
        cap: 'x',
        capError: 'Upišite ceo broj.',
        waitingList: true,
      },
    ],
    divisions: [
      {
        name: 'A grupa',
        counts: 'zauzeto 2 od 16, na čekanju 0',
        entries: [
          {
            id: 3,
            name: 'Ana Petrovic',
            club: 'ŠK Vračar',
            federationId: 'F-12',
            email: 'ana@example.org',
            status: 'čeka potvrdu',
            tone: '',
            flags: ['ime liči na upisanog igrača Ana Petrović'],
            confirmAction: '/organiser/entries/3/confirm',
            refuseAction: '/organiser/entries/3/refuse',
            restoreAction: null,
          },
          {
            id: 4,
            name: 'Bora Jović',
            club: '',
            federationId: '',
            email: 'bora@example.org',
            status: 'potvrđena: igrač je upisan',
            tone: 'ok',
            flags: [],
            confirmAction: null,
            refuseAction: null,
            restoreAction: null,
          },
          {
            id: 5,
            name: 'Vera Ilić',
            club: '',
            federationId: '',
            email: 'vera@example.org',
            status: 'odbijena',
            tone: 'bad',
            flags: [],
            confirmAction: null,
            refuseAction: null,
            restoreAction: '/organiser/entries/5/restore',
          },
        ],
      },
    ],
    errors: [],
  };
  return {
    'public/enter': enter,
    'public/entry': entry,
    'public/entries': list,
    'organiser/entries': organiser,
  };
}
