import { fillParams, inThreeLanguages, Lang } from '../i18n';

/**
 * The texts of the prize pages and the prize list PDF: Serbian Latin is the master, English
 * must have exactly its keys (the type checker says so), Cyrillic is the Latin transliterated,
 * as in `messages.ts`.
 */
const srLatn = {
  'prizes.title': 'Nagrade i statistika',
  'prizes.after': 'Posle {round}. kola.',
  'prizes.verifiedOnly':
    'Nagrade za igru i statistika računaju se samo iz zapisnika koje je program proverio bez greške: {verified} od {games} partija sa rezultatom.',
  'prizes.notVerified': 'Zapisnika sa greškom, koji se ne računaju: {n}.',
  'prizes.pending': 'Partija još bez rezultata: {n}. Spisak nije konačan.',
  'prizes.noTable': 'Organizator još nije postavio nagrade.',
  'prizes.places': 'Nagrade za plasman',
  'prizes.classes': 'Nagrade po klasama',
  'prizes.awards': 'Nagrade za igru',
  'prizes.place': '{n}.',
  'prizes.placesShared': '{from}–{to}.',
  'prizes.classLowest': 'Klasa {name}: rejting ispod {below} i bez rejtinga',
  'prizes.classBand': 'Klasa {name}: rejting od {from} do {to}',
  'prizes.colPlace': 'Mesto',
  'prizes.colPlayer': 'Igrač',
  'prizes.colPrize': 'Nagrada',
  'prizes.colAward': 'Nagrada za igru',
  'prizes.colFigure': 'Ostvareno',
  'prizes.shared': 'podeljeno na {n}, ukupno {total}',
  'prizes.sharedNames': 'podeljeno na {n}',
  'prizes.honour': 'priznanje',
  'prizes.nobody': 'niko: nijedan provereni zapisnik to ne pokazuje',
  'prizes.noClassPlayer': 'niko: u klasi nema igrača koji već nije nagrađen',
  'award.highest-game': 'Najviše poena u partiji',
  'award.highest-play': 'Najbolji potez',
  'award.most-all-tile-plays': 'Najviše poteza svim pločicama',
  'award.best-time-in-wins': 'Najviše preostalog vremena u pobedama',
  'award.fewest-invalid-words': 'Najmanje nevažećih reči',
  'figure.highest-game': '{value} poena, {round}. kolo, sto {table}',
  'figure.highest-play': '{play}: {value} poena, {round}. kolo, sto {table}, {turn}. potez',
  'figure.most-all-tile-plays': 'poteza svim pločicama: {value}',
  'figure.best-time-in-wins': 'preostalo vreme u pobedama: {time}',
  'figure.fewest-invalid-words': 'nevažećih reči: {value}',
  'prizes.fewestNote':
    'Najmanje nevažećih reči: među igračima sa najviše proverenih zapisnika ({n}), jer je igrač sa manje zapisnika imao manje prilika da pogreši.',
  'prizes.stats': 'Statistika proverenih zapisnika',
  'prizes.statsTotals':
    'Proverenih partija: {games}. Prosečan rezultat: {average}. Najviše u partiji: {highestGame}. Najbolji potez: {highestPlay}. Poteza svim pločicama: {allTiles}. Nevažećih reči: {invalid}.',
  'prizes.tournamentTotals':
    'Ceo turnir (grupa: {divisions}). Proverenih partija: {games}. Prosečan rezultat: {average}. Najviše u partiji: {highestGame}. Najbolji potez: {highestPlay}. Poteza svim pločicama: {allTiles}. Nevažećih reči: {invalid}.',
  'prizes.colGames': 'Partije',
  'prizes.colAverage': 'Prosek',
  'prizes.colHighestGame': 'Najbolja partija',
  'prizes.colHighestPlay': 'Najbolji potez',
  'prizes.colAllTiles': 'Svim pločicama',
  'prizes.colInvalid': 'Nevažeće reči',
  'prizes.pdf': 'Spisak nagrada i statistika (PDF)',
  'prizes.edit': 'Postavi nagrade',

  'prizes.org.title': 'Nagrade: {name}',
  'prizes.org.intro':
    'Nagrada je iznos (broj, npr. 10000) ili naziv (pehar, knjiga). Mesta se plaćaju redom od prvog; ostala polja ostavite prazna. Igrači sa istim mestom u poretku dele nagrade mesta koja zauzimaju.',
  'prizes.org.currency': 'Valuta',
  'prizes.org.currencyHint': 'potrebna kad je neka nagrada iznos, npr. RSD',
  'prizes.org.onePrize':
    'Jedna nagrada po igraču: nagrade po klasama preskaču igrače nagrađene za plasman',
  'prizes.org.places': 'Nagrade za plasman',
  'prizes.org.place': '{n}. mesto',
  'prizes.org.classes': 'Klase po rejtingu',
  'prizes.org.classesHint':
    'Od najniže naviše; rejting je onaj sa kojim je igrač prijavljen. Nagrade klase redom, razdvojene kosom crtom: 3000/2000/Knjiga.',
  'prizes.org.className': '{n}. klasa: naziv',
  'prizes.org.classBelow': '{n}. klasa: rejting ispod',
  'prizes.org.classPrizes': '{n}. klasa: nagrade',
  'prizes.org.awards': 'Nagrade za igru (samo iz proverenih zapisnika)',
  'prizes.org.awardPrize': 'Nagrada: {award}',
  'prizes.org.save': 'Sačuvaj nagrade',
  'prizes.org.stale':
    'Neko je promenio nagrade otkad ste otvorili stranicu. Obrazac i dalje ima vaše vrednosti: sačuvajte ih ponovo ako i dalje važe.',
  'prizes.org.list': 'Spisak nagrada grupe {division}',

  'prizeErr.object': 'Polje {field} nije ispravno.',
  'prizeErr.unknown': 'Polje {field} ne postoji u tabeli nagrada.',
  'prizeErr.list': 'Najviše {max}.',
  'prizeErr.prize': 'Nagrada je iznos ili naziv; polje je prazno.',
  'prizeErr.amount': 'Iznos je broj od 0 do {max}, sa najviše dve decimale.',
  'prizeErr.name': 'Naziv nagrade ima od 1 do {max} znakova.',
  'prizeErr.currency': 'Valuta ima najviše {max} znakova.',
  'prizeErr.currencyNeeded': 'Upišite valutu: bar jedna nagrada je iznos.',
  'prizeErr.boolean': 'Polje {field} je da ili ne.',
  'prizeErr.className': 'Naziv klase ima od 1 do {max} znakova.',
  'prizeErr.classTwice': 'Klasa „{name}“ je već navedena.',
  'prizeErr.below': 'Rejting je ceo broj od 1 do {max}.',
  'prizeErr.belowRising':
    'Mora biti iznad granice prethodne klase ({previous}): klase idu od najniže naviše.',
  'prizeErr.award': 'Nepoznata nagrada za igru.',
  'prizeErr.awardTwice': 'Nagrada za igru je navedena dvaput.',
};

export type PrizeMessageKey = keyof typeof srLatn;

const en: Record<PrizeMessageKey, string> = {
  'prizes.title': 'Prizes and statistics',
  'prizes.after': 'After round {round}.',
  'prizes.verifiedOnly':
    'Awards for play and the statistics count only the score sheets that verified without an error: {verified} of {games} games with a result.',
  'prizes.notVerified': 'Score sheets with an error, not counted: {n}.',
  'prizes.pending': 'Games still without a result: {n}. The list is not final.',
  'prizes.noTable': 'The organiser has not set the prizes yet.',
  'prizes.places': 'Prizes for places',
  'prizes.classes': 'Class prizes',
  'prizes.awards': 'Awards for play',
  'prizes.place': '{n}',
  'prizes.placesShared': '{from}–{to}',
  'prizes.classLowest': 'Class {name}: rated below {below}, and unrated',
  'prizes.classBand': 'Class {name}: rated {from} to {to}',
  'prizes.colPlace': 'Place',
  'prizes.colPlayer': 'Player',
  'prizes.colPrize': 'Prize',
  'prizes.colAward': 'Award',
  'prizes.colFigure': 'Made',
  'prizes.shared': 'shared by {n}, {total} in all',
  'prizes.sharedNames': 'shared by {n}',
  'prizes.honour': 'honour',
  'prizes.nobody': 'nobody: no verified sheet shows one',
  'prizes.noClassPlayer': 'nobody: the class has no player not paid already',
  'award.highest-game': 'Highest game',
  'award.highest-play': 'Highest play',
  'award.most-all-tile-plays': 'Most all-tile plays',
  'award.best-time-in-wins': 'Most time left in wins',
  'award.fewest-invalid-words': 'Fewest invalid words',
  'figure.highest-game': '{value} points, round {round}, table {table}',
  'figure.highest-play': '{play}: {value} points, round {round}, table {table}, turn {turn}',
  'figure.most-all-tile-plays': 'all-tile plays: {value}',
  'figure.best-time-in-wins': 'time left in wins: {time}',
  'figure.fewest-invalid-words': 'invalid words: {value}',
  'prizes.fewestNote':
    'Fewest invalid words: among the players with the most verified sheets ({n}), since a player with fewer sheets had fewer chances to play one.',
  'prizes.stats': 'Statistics of the verified score sheets',
  'prizes.statsTotals':
    'Verified games: {games}. Average score: {average}. Highest game: {highestGame}. Highest play: {highestPlay}. All-tile plays: {allTiles}. Invalid words: {invalid}.',
  'prizes.tournamentTotals':
    'The whole tournament ({divisions} divisions). Verified games: {games}. Average score: {average}. Highest game: {highestGame}. Highest play: {highestPlay}. All-tile plays: {allTiles}. Invalid words: {invalid}.',
  'prizes.colGames': 'Games',
  'prizes.colAverage': 'Average',
  'prizes.colHighestGame': 'Highest game',
  'prizes.colHighestPlay': 'Highest play',
  'prizes.colAllTiles': 'All-tile plays',
  'prizes.colInvalid': 'Invalid words',
  'prizes.pdf': 'Prize list and statistics (PDF)',
  'prizes.edit': 'Set the prizes',

  'prizes.org.title': 'Prizes: {name}',
  'prizes.org.intro':
    'A prize is an amount (a number, e.g. 10000) or a name (a trophy, a book). Places are paid from the first; leave the other fields empty. Players sharing a place in the standings share the prizes of the places they take.',
  'prizes.org.currency': 'Currency',
  'prizes.org.currencyHint': 'needed when a prize is an amount, e.g. EUR',
  'prizes.org.onePrize':
    'One prize a player: class prizes skip the players paid for a place overall',
  'prizes.org.places': 'Prizes for places',
  'prizes.org.place': 'Place {n}',
  'prizes.org.classes': 'Classes by rating',
  'prizes.org.classesHint':
    "From the lowest up; the rating is the one the player entered with. The class's prizes in order, separated by slashes: 3000/2000/Book.",
  'prizes.org.className': 'Class {n}: name',
  'prizes.org.classBelow': 'Class {n}: rated below',
  'prizes.org.classPrizes': 'Class {n}: prizes',
  'prizes.org.awards': 'Awards for play (from verified score sheets only)',
  'prizes.org.awardPrize': 'Prize: {award}',
  'prizes.org.save': 'Save the prizes',
  'prizes.org.stale':
    'Someone changed the prizes since you opened the page. The form still has your values: save them again if they still hold.',
  'prizes.org.list': 'Prize list of division {division}',

  'prizeErr.object': 'The field {field} is not right.',
  'prizeErr.unknown': 'The field {field} is not part of a prize table.',
  'prizeErr.list': 'At most {max}.',
  'prizeErr.prize': 'A prize is an amount or a name; this field is empty.',
  'prizeErr.amount': 'An amount is a number from 0 to {max}, with at most two decimals.',
  'prizeErr.name': "A prize's name has 1 to {max} characters.",
  'prizeErr.currency': 'The currency has at most {max} characters.',
  'prizeErr.currencyNeeded': 'Type the currency: at least one prize is an amount.',
  'prizeErr.boolean': 'The field {field} is yes or no.',
  'prizeErr.className': "A class's name has 1 to {max} characters.",
  'prizeErr.classTwice': 'The class “{name}” is listed already.',
  'prizeErr.below': 'A rating is a whole number from 1 to {max}.',
  'prizeErr.belowRising':
    'Must be above the bound of the class before ({previous}): list the classes from the lowest up.',
  'prizeErr.award': 'An unknown award for play.',
  'prizeErr.awardTwice': 'An award for play is listed twice.',
};

const TABLES = inThreeLanguages<PrizeMessageKey>(srLatn, en);

/** A prize page message in a language with its `{placeholders}` filled in. */
export function prizeText(
  lang: Lang,
  key: PrizeMessageKey,
  params?: Readonly<Record<string, string | number>>,
): string {
  return fillParams(TABLES[lang][key], params);
}

/** Every table, for the test that compares their keys. */
export const PRIZE_TABLES = TABLES;
