import type { InvitationPage, PeoplePage } from '../../src/access/access-page-models';
import type { PageBase } from '../../src/render/view-models';

/** The access pages, as their controllers build them (words in Serbian; the views' own in `lang`). */
export function accessSamples(
  base: (title: string, path: string, organiser?: boolean) => PageBase,
): Record<string, object> {
  const invitation: InvitationPage = {
    ...base('Pozivnica za turnir Kup Beograda', '/invitations/x'),
    whatText: 'Olga Organizator vas poziva da budete sudija na turniru „Kup Beograda”.',
    expiresText: 'Pozivnica važi do 12. 12. 2026. 18:00 (Europe/Belgrade).',
    form: {
      action: '/invitations/4m0Z4bq2TFh8u9m2VdQmJ3yWcR7Lk1xN',
      newAccount: true,
      intro:
        'Postavite lozinku za svoj novi nalog (sara@example.org); njome ćete se prijavljivati.',
      name: 'Sara Sudić',
    },
    gone: null,
    errors: [{ field: 'repeat', message: 'Dve lozinke se razlikuju.' }],
  };
  const people: PeoplePage = {
    ...base('Ljudi turnira Kup Beograda', '/organiser/tournaments/1/people', true),
    members: [
      { name: 'Olga Organizator', email: 'olga@example.org', role: 'vlasnik', removeAction: null },
      {
        name: 'Sara Sudić',
        email: 'sara@example.org',
        role: 'sudija',
        removeAction: '/organiser/tournaments/1/people/3/remove',
      },
    ],
    pending: [
      {
        email: 'marko@example.org',
        name: 'Marko Marković',
        role: 'suorganizator',
        expires: 'važi do 12. 12. 2026. 18:00',
        withdrawAction: '/organiser/tournaments/1/invitations/2/withdraw',
      },
    ],
    roles: [
      { value: 'co-director', label: 'suorganizator', selected: false },
      { value: 'judge', label: 'sudija', selected: true },
    ],
    grantAction: '/organiser/tournaments/1/people/grant',
    inviteAction: '/organiser/tournaments/1/people/invite',
    invited: {
      link: 'https://turnir.example.org/invitations/4m0Z4bq2TFh8u9m2VdQmJ3yWcR7Lk1xN',
      linkText:
        'Veza pozivnice, prikazana samo sada: kopirajte je i sami je pošaljite osobi Marko Marković ako pismo ne stigne.',
      mailText: 'Pozivnica je poslata na marko@example.org.',
      mailTone: 'ok',
    },
    values: { email: '', name: '', grantEmail: '' },
    errors: [],
  };
  return { 'public/invitation': invitation, 'organiser/people': people };
}
