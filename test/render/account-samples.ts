import type { AccountPasswordPage, AccountsPage } from '../../src/auth/account-page-models';
import type { PageBase } from '../../src/render/view-models';

/** The administrator's accounts pages, as their controller builds them (words in Serbian). */
export function accountSamples(
  base: (title: string, path: string) => PageBase,
): Record<string, object> {
  const accounts: AccountsPage = {
    ...base('Nalozi', '/organiser/accounts'),
    accounts: [
      {
        id: 1,
        name: 'Organizator Đokić',
        email: 'organizator@primer.rs',
        role: 'organizator',
        admin: true,
        own: true,
        tournaments: [
          { name: 'Kup Čačka 2026', url: '/organiser/tournaments/1', role: 'vlasnik' },
          { name: 'Memorijal Dragana Šarića', url: '/organiser/tournaments/2', role: 'vlasnik' },
        ],
        passwordUrl: '/organiser/accounts/1/password',
        removeAction: '/organiser/accounts/1/remove',
      },
      {
        id: 2,
        name: 'Sudija Šarić',
        email: 'sudija.saric.sa.vrlo.dugom.adresom@primer-saveza-kvizovke.rs',
        role: 'sudija',
        admin: false,
        own: false,
        tournaments: [{ name: 'Kup Čačka 2026', url: '/organiser/tournaments/1', role: 'sudija' }],
        passwordUrl: '/organiser/accounts/2/password',
        removeAction: '/organiser/accounts/2/remove',
      },
      {
        id: 3,
        name: 'Nova Organizatorka',
        email: 'nova@primer.rs',
        role: 'organizator',
        admin: false,
        own: false,
        tournaments: [],
        passwordUrl: '/organiser/accounts/3/password',
        removeAction: '/organiser/accounts/3/remove',
      },
    ],
    createAction: '/organiser/accounts',
    roles: [
      { value: 'organiser', label: 'organizator', selected: false },
      { value: 'judge', label: 'sudija', selected: true },
    ],
    values: { name: 'Ana Petrović', email: 'ana@primer.rs' },
    passwordHint: 'najmanje 10 znakova',
    errors: [{ field: 'password', message: 'Lozinka mora imati najmanje 10 znakova.' }],
  };
  const password: AccountPasswordPage = {
    ...base('Nova lozinka za Sudija Šarić', '/organiser/accounts/2/password'),
    account: { name: 'Sudija Šarić', email: 'sudija@primer.rs' },
    lines: [
      'Sudija Šarić (sudija@primer.rs) dobija novu lozinku; stara više ne važi.',
      'Nalog se odjavljuje svuda, na svim uređajima i u API-ju: ponovo se prijavljuje novom lozinkom.',
    ],
    action: '/organiser/accounts/2/password',
    passwordHint: 'najmanje 10 znakova',
    button: 'Postavi novu lozinku',
    cancelUrl: '/organiser/accounts',
    errors: [{ field: 'repeat', message: 'Ponovljena lozinka nije ista kao prva.' }],
  };
  return { 'organiser/accounts': accounts, 'organiser/account-password': password };
}
