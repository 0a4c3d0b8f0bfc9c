/** Every page and PDF route, in one place: controllers and models link through these. */
export const urls = {
  home: '/',
  tournament: (id: number) => `/tournaments/${id}`,
  standings: (divisionId: number, round?: number) =>
    `/divisions/${divisionId}/standings${round !== undefined ? `?round=${round}` : ''}`,
  pairings: (divisionId: number, round?: number) =>
    `/divisions/${divisionId}/pairings${round !== undefined ? `?round=${round}` : ''}`,
  crosstable: (divisionId: number) => `/divisions/${divisionId}/crosstable`,
  events: (divisionId: number) => `/divisions/${divisionId}/events`,
  projector: (divisionId: number, screen?: number) =>
    `/divisions/${divisionId}/projector${screen !== undefined && screen > 1 ? `?screen=${screen}` : ''}`,
  wallchart: (divisionId: number) => `/divisions/${divisionId}/wallchart`,
  player: (id: number) => `/players/${id}`,
  /** A person of the registry, across tournaments. */
  person: (id: number) => `/persons/${id}`,
  game: (id: number) => `/games/${id}`,
  /** A verified game turn by turn: the position after turn `turn` (0: before the first). */
  replay: (id: number, turn?: number) =>
    `/games/${id}/replay${turn !== undefined ? `?turn=${turn}` : ''}`,
  replayGcg: (id: number) => `/games/${id}/replay.gcg`,

  standingsPdf: (divisionId: number, round?: number) =>
    `/divisions/${divisionId}/standings.pdf${round !== undefined ? `?round=${round}` : ''}`,
  wallchartPdf: (divisionId: number) => `/divisions/${divisionId}/wallchart.pdf`,
  scorecardsPdf: (divisionId: number) => `/divisions/${divisionId}/scorecards.pdf`,
  scorecardPdf: (playerId: number) => `/players/${playerId}/scorecard.pdf`,
  pairingsPdf: (divisionId: number, round: number) =>
    `/divisions/${divisionId}/rounds/${round}/pairings.pdf`,
  sheetsPdf: (divisionId: number, round: number) =>
    `/divisions/${divisionId}/rounds/${round}/sheets.pdf`,
  gamePdf: (gameId: number) => `/games/${gameId}/record.pdf`,

  signIn: '/sign-in',
  signOut: '/sign-out',

  judge: '/judge',
  sheet: (gameId: number) => `/judge/games/${gameId}/scoresheet`,
  result: (gameId: number) => `/judge/games/${gameId}/result`,
  clearResult: (gameId: number) => `/judge/games/${gameId}/result/clear`,
  /** The chief judge's desk of a round: the sheets sent from the tables, the sheets that disagree. */
  desk: (divisionId: number, round: number) =>
    `/judge/divisions/${divisionId}/rounds/${round}/desk`,
  /** A round's results on one page, typed as a grid or as lines. */
  roundResults: (divisionId: number, round: number) =>
    `/judge/divisions/${divisionId}/rounds/${round}/results`,
  wordCheck: (context: { game?: number; tournament?: number; rules?: string } = {}) => {
    const q = new URLSearchParams();
    if (context.game !== undefined) q.set('game', String(context.game));
    else if (context.tournament !== undefined) q.set('tournament', String(context.tournament));
    else if (context.rules !== undefined) q.set('rules', context.rules);
    const s = q.toString();
    return `/judge/word-check${s ? `?${s}` : ''}`;
  },

  organiser: '/organiser',
  createTournament: '/organiser/tournaments',
  orgBackups: '/organiser/backups',
  orgTournament: (id: number) => `/organiser/tournaments/${id}`,
  /** Entries online: the organiser's page, closing, and an entry confirmed or refused. */
  orgEntries: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/entries`,
  orgEntriesClose: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/entries/close`,
  orgEntryConfirm: (entryId: number) => `/organiser/entries/${entryId}/confirm`,
  orgEntryRefuse: (entryId: number) => `/organiser/entries/${entryId}/refuse`,
  orgEntryRestore: (entryId: number) => `/organiser/entries/${entryId}/restore`,
  /** The public entry form, the public list of entries, and an entry's private link. */
  enter: (tournamentId: number) => `/tournaments/${tournamentId}/enter`,
  entryList: (tournamentId: number) => `/tournaments/${tournamentId}/entries`,
  entry: (token: string) => `/entries/${token}`,
  entryWithdraw: (token: string) => `/entries/${token}/withdraw`,
  /** Who holds a role in the tournament, and its invitations. */
  orgPeople: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/people`,
  /** An invitation's page, by its link's token. */
  invitation: (token: string) => `/invitations/${token}`,
  addDivision: (id: number) => `/organiser/tournaments/${id}/divisions`,
  orgLog: (id: number, query: { division?: number; before?: number } = {}) => {
    const q = new URLSearchParams();
    if (query.division !== undefined) q.set('division', String(query.division));
    if (query.before !== undefined) q.set('before', String(query.before));
    const s = q.toString();
    return `/organiser/tournaments/${id}/log${s ? `?${s}` : ''}`;
  },
  copyTournament: (id: number) => `/organiser/tournaments/${id}/copy`,
  orgExport: (id: number) => `/organiser/tournaments/${id}/export`,
  orgImport: '/organiser/import',
  orgImportConfirm: '/organiser/import/confirm',
  orgTimeZone: (id: number) => `/organiser/tournaments/${id}/time-zone`,
  orgPlayers: (divisionId: number) => `/organiser/divisions/${divisionId}/players`,
  csvPreview: (divisionId: number) => `/organiser/divisions/${divisionId}/players/csv`,
  csvImport: (divisionId: number) => `/organiser/divisions/${divisionId}/players/import`,
  tshImport: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/divisions/tsh`,
  tshExport: (divisionId: number) => `/api/divisions/${divisionId}/tsh`,
  withdraw: (playerId: number) => `/organiser/players/${playerId}/withdraw`,
  editPlayer: (playerId: number) => `/organiser/players/${playerId}/edit`,
  editPerson: (personId: number) => `/organiser/persons/${personId}/edit`,
  removePlayer: (playerId: number) => `/organiser/players/${playerId}/remove`,
  seedByRating: (divisionId: number) => `/organiser/divisions/${divisionId}/seeds`,
  restorePlayer: (tournamentId: number, entry: number) =>
    `/organiser/tournaments/${tournamentId}/log/${entry}/restore`,
  reinstate: (playerId: number) => `/organiser/players/${playerId}/reinstate`,
  absences: (playerId: number) => `/organiser/players/${playerId}/absences`,
  orgRounds: (divisionId: number) => `/organiser/divisions/${divisionId}/rounds`,
  orgDivisionSettings: (divisionId: number) => `/organiser/divisions/${divisionId}/settings`,
  swap: (divisionId: number, round: number) =>
    `/organiser/divisions/${divisionId}/rounds/${round}/swap`,
  deleteRound: (divisionId: number, round: number) =>
    `/organiser/divisions/${divisionId}/rounds/${round}/delete`,
  repairRound: (divisionId: number, round: number) =>
    `/organiser/divisions/${divisionId}/rounds/${round}/re-pair`,
};

/** The routes of ratings and closing a tournament. */
export const ratingUrls = {
  report: (tournamentId: number) => `/tournaments/${tournamentId}/ratings`,
  reportPdf: (tournamentId: number) => `/tournaments/${tournamentId}/ratings.pdf`,
  list: (family: string) => `/ratings?family=${encodeURIComponent(family)}`,
  listCsv: (family: string) => `/api/ratings.csv?family=${encodeURIComponent(family)}`,
  importList: '/organiser/ratings/import',
  close: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/close`,
  reopen: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/reopen`,
};
