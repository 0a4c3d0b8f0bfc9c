import type { Lang } from '../i18n';
import { latinToCyrillic } from '../i18n/transliterate';

/**
 * The sheet form's texts. Serbian Latin is the master; English has exactly its
 * keys (the type checker says so), and so has Croatian; Cyrillic is the Latin transliterated. Kept
 * apart from the page tables because the browser bundle carries them too.
 */
const srLatn = {
  'col.number': 'Br.',
  'col.player': 'Igrač',
  'col.kind': 'Vrsta',
  'col.position': 'Pozicija',
  'col.word': 'Reč / pločice',
  'col.score': 'Poeni',
  'col.total': 'Ukupno',
  'col.clock': 'Sat',
  'col.challenge': 'Osporavanje',
  'col.challengeBy': 'Osporio',
  'col.rack': 'Stalak',
  'col.swap': 'Uzeta prazna',
  'col.rotation': 'Okretanje',
  'col.taken': 'Uzete karte (vrednosti)',

  'kind.play': 'reč',
  'kind.exchange': 'zamena',
  'kind.pass': 'pas',
  'challenge.none': '—',
  'challenge.valid': 'ispravna reč',
  'challenge.invalid': 'neispravna reč',

  'end.title': 'Kraj partije',
  'end.reason': 'Kako se završila',
  'end.reason.none': '—',
  'end.reason.turns': 'odigrani svi potezi',
  'end.reason.no-moves': 'nema više poteza',
  'end.reason.time': 'isteklo vreme',
  'end.reason.agreed': 'dogovor',
  'end.reason.out': 'igrač je potrošio pločice',
  'end.reason.scoreless': 'potezi bez poena',
  'end.reason.target': 'dostignut cilj',
  'end.reason.passes': 'uzastopni pasovi',
  'end.reason.deck': 'špil je potrošen',
  'end.racks': 'Pločice na stalku',
  'end.clocks': 'Sat na kraju',
  'end.timeExpired': 'Isteklo vreme igraču',
  'end.timeExpired.none': 'nikome',
  'end.final': 'Konačan rezultat upisan',

  'form.help':
    'Prepišite zapisnik red po red. Pozicija: ⟦9F⟧ je vodoravno (red pa kolona), ⟦F9⟧ uspravno. Mala slova su džokeri, tačka je pločica koja je već na tabli. ⟦Tab⟧ ide na sledeće polje, ⟦Enter⟧ u sledeći red. Prazni redovi se ne računaju; zbir možete ostaviti prazan.',
  'form.helpCards':
    'Prepišite zapisnik red po red: karta koja se okreće i smer (⟦C3 cw⟧, ⟦C3 ccw⟧, ⟦C3 180⟧), vrednosti uzetih karata razdvojene razmakom, poeni i zbir. ⟦Tab⟧ ide na sledeće polje, ⟦Enter⟧ u sledeći red. Prazni redovi se ne računaju; zbir možete ostaviti prazan.',
  'form.unreadableVerdict': 'Neka polja ne mogu da se pročitaju: pogledajte označena polja.',
  'form.live': 'Provera teče dok kucate.',
  'form.addRows': 'Dodaj redove',
  'form.verify': 'Proveri',
  'form.save': 'Proveri i sačuvaj',
  'form.import': 'Uvezi JSON ili GCG',
  'form.importHelp':
    'Nalepite zapisnik u formatu scoresheet/1 (JSON) ili GCG; popuniće obrazac iznad. Ništa se ne čuva dok ne kliknete „Proveri i sačuvaj”.',
  'form.importButton': 'Popuni obrazac',
  'form.importProblems': 'Zapisnik ne može da se pročita:',
  'form.importHelpCheck':
    'Nalepite zapisnik u formatu scoresheet/1 (JSON) ili GCG; popuniće obrazac iznad, da ga proverite. Na ovoj stranici se ništa ne čuva.',
  'form.importOtherPlayers':
    'Uvezeni zapisnik navodi {names}, a ovu partiju igraju {game}. Proverite da li je to zapisnik ovog stola: redovi su upisani po redosledu igrača iz zapisnika, kao {order}.',
  'form.turnN': '{n}. red',
  'form.playerN': 'Igrač {n}',
  'form.checkTitle': 'Provera zapisnika',
  'form.checkLink':
    'Proveri zapisnik koji nije partija ovog turnira (bilo koja pravila, 2–4 igrača)',
  'form.rules': 'Pravila',
  'form.players': 'Broj igrača',
  'form.open': 'Otvori prazan zapisnik',
  'form.draftSaved': 'Nacrt sačuvan u {time}.',
  'form.draftSaving': 'Čuvam nacrt…',
  'form.draftRestored': 'Vraćen je nacrt od {time} ({name}); zapisnik još nije sačuvan.',
  'form.draftFailed': 'Nacrt nije sačuvan: {reason}. Ono što ste otkucali ostaje na ovoj stranici.',
  'form.conflict':
    '{name} je u {time} menjao ovaj zapisnik u drugom prozoru. Vaši redovi nisu sačuvani preko njegovih.',
  'form.conflictLoad': 'Učitaj njegovu verziju',
  'form.conflictKeep': 'Zadrži moju i sačuvaj je',
  'form.someone': 'drugi sudija',
  'form.checking': 'Proveravam reči…',
  'form.wordsUnavailable': 'Reči se trenutno ne mogu proveriti; proveriće ih server pri čuvanju.',
  'form.offline':
    'Nema veze sa serverom. Ono što otkucate čuva se na ovom uređaju i šalje se kad se veza vrati.',
  'form.offlineWaiting':
    'Nije sačuvano na serveru — čuva se na ovom uređaju, šalje se kad se veza vrati. Redova koji čekaju: {n}.',
  'form.offlineUnkept':
    'Nije sačuvano na serveru, a ovaj uređaj ne dozvoljava da se redovi sačuvaju na njemu (redova koji čekaju: {n}). Ne zatvarajte ovu stranicu dok se veza ne vrati.',
  'form.backOnline': 'Veza je ponovo tu: sve je sačuvano na serveru u {time}.',
  'form.allSaved': 'Redovi sa ovog uređaja sačuvani su na serveru u {time}.',
  'form.onlineUnsent':
    'Veza je ponovo tu. Zapisnik još nije poslat: redovi ostaju na ovom uređaju dok ga ne pošaljete.',
  'form.restoredDevice':
    'Vraćeni su redovi sačuvani na ovom uređaju, kojih nije bilo na serveru (redova: {n}).',
  'form.sendHeld': 'Zapisnik će biti poslat jednom, čim se veza vrati. Ne zatvarajte ovu stranicu.',
  'form.sendHeldCancel': 'Ne šalji',
  'form.sendHeldDropped':
    'Zapisnik nije poslat: u međuvremenu je neko drugi menjao ovaj zapisnik (poruka iznad). Odlučite, pa ga pošaljite ponovo.',
  'form.offlineRefused':
    'Za ovo je potrebna veza sa serverom, a veze nema. Redovi ostaju na ovom uređaju; pokušajte kad se veza vrati.',
  'form.boardTitle': 'Tabla posle poslednjeg upisanog poteza',
  'form.findings': 'Nalazi za celu partiju',
  'form.noFindings': 'Zapisnik se slaže s pravilima.',
  'form.empty': 'Zapisnik je još prazan.',
  'form.wontFit':
    'Ovaj zapisnik ima podatke kojih u obrascu nema ({fields}); ostaju sačuvani uz red i proveravaju se.',

  'cell.number': 'Upišite ceo broj.',
  'cell.clock': 'Upišite vreme kao mm:ss (npr. 28:40; može i 2840).',
  'cell.position':
    '„{text}” nije pozicija: ⟦9F⟧ je red 9, kolona ⟦F⟧, vodoravno; ⟦F9⟧ je kolona ⟦F⟧, red 9, uspravno.',
  'cell.positionMissing': 'Upišite poziciju reči (npr. ⟦9F⟧).',
  'cell.wordMissing': 'Upišite reč.',
  'cell.exchange': 'Upišite broj zamenjenih pločica (1 do {max}) ili same pločice.',
  'cell.challengeBy': 'Upišite ko je osporio.',
  'cell.challengeOwn': 'Igrač ne može osporiti svoj potez.',
  'cell.challengeKind': 'Osporava se samo reč.',
  'cell.player': 'Izaberite igrača.',
  'cell.swap': 'Upišite polje prazne pločice (npr. ⟦H8⟧).',
  'cell.taken': 'Upišite vrednosti uzetih karata, razdvojene razmakom (npr. 2 1 -1).',
  'cell.rotation': 'Upišite kartu i smer (npr. ⟦C3 cw⟧, ⟦C3 ccw⟧, ⟦C3 180⟧).',
  'cell.allPlayers': 'Upišite za svakog igrača.',
  'cell.final': '„{text}” nije konačan rezultat: upišite ceo broj.',
  'cell.reason': '„{text}” nije kraj partije ove igre: izaberite kako se završila sa spiska.',
  'cell.timeExpired': '„{text}” nije igrač ove partije: izaberite kome je isteklo vreme.',
  'cell.tooLong': 'Najviše {max} znakova.',
  'cell.rows': 'Zapisnik može imati najviše {max} redova.',
  'cell.sheet': 'Zapisnik ne može da se pročita: {message}',
} as const;

export type FormMessageKey = keyof typeof srLatn;

const en: Record<FormMessageKey, string> = {
  'col.number': 'No.',
  'col.player': 'Player',
  'col.kind': 'Kind',
  'col.position': 'Position',
  'col.word': 'Word / tiles',
  'col.score': 'Score',
  'col.total': 'Total',
  'col.clock': 'Clock',
  'col.challenge': 'Challenge',
  'col.challengeBy': 'Challenged by',
  'col.rack': 'Rack',
  'col.swap': 'Blank taken',
  'col.rotation': 'Rotation',
  'col.taken': 'Cards taken (values)',

  'kind.play': 'play',
  'kind.exchange': 'exchange',
  'kind.pass': 'pass',
  'challenge.none': '—',
  'challenge.valid': 'valid word',
  'challenge.invalid': 'invalid word',

  'end.title': 'End of the game',
  'end.reason': 'How it ended',
  'end.reason.none': '—',
  'end.reason.turns': 'all turns played',
  'end.reason.no-moves': 'no more moves',
  'end.reason.time': 'time ran out',
  'end.reason.agreed': 'agreed',
  'end.reason.out': 'a player went out',
  'end.reason.scoreless': 'scoreless turns',
  'end.reason.target': 'target reached',
  'end.reason.passes': 'consecutive passes',
  'end.reason.deck': 'the deck ran low',
  'end.racks': 'Tiles left on the rack',
  'end.clocks': 'Final clock',
  'end.timeExpired': 'Time expired for',
  'end.timeExpired.none': 'nobody',
  'end.final': 'Final score written',

  'form.help':
    'Copy the sheet row by row. Position: 9F is across (row, then column), F9 is down. Lower case letters are jokers, a dot is a tile already on the board. Tab moves to the next field, Enter to the next row. Empty rows do not count; a total may be left empty.',
  'form.helpCards':
    'Copy the sheet row by row: the card turned and how (C3 cw, C3 ccw, C3 180), the values of the cards taken separated by spaces, the points and the total. Tab moves to the next field, Enter to the next row. Empty rows do not count; a total may be left empty.',
  'form.unreadableVerdict': 'Some fields cannot be read: see the marked fields.',
  'form.live': 'The sheet is checked as you type.',
  'form.addRows': 'Add rows',
  'form.verify': 'Check',
  'form.save': 'Check and save',
  'form.import': 'Import JSON or GCG',
  'form.importHelp':
    'Paste a sheet in the scoresheet/1 format (JSON) or GCG; it fills the form above. Nothing is saved until you click “Check and save”.',
  'form.importButton': 'Fill the form',
  'form.importProblems': 'The score sheet cannot be read:',
  'form.importHelpCheck':
    'Paste a score sheet as scoresheet/1 (JSON) or GCG; it fills in the form above for you to check. Nothing is kept on this page.',
  'form.importOtherPlayers':
    "The imported sheet names {names}, but this game is played by {game}. Check that it is this table's sheet: its rows were filled in the order of the sheet's players, as {order}.",
  'form.turnN': 'row {n}',
  'form.playerN': 'Player {n}',
  'form.checkTitle': 'Check a score sheet',
  'form.checkLink': 'Check a sheet that is no game of these tournaments (any rules, 2–4 players)',
  'form.rules': 'Rules',
  'form.players': 'Players',
  'form.open': 'Open an empty sheet',
  'form.draftSaved': 'Draft saved at {time}.',
  'form.draftSaving': 'Saving the draft…',
  'form.draftRestored': 'The draft of {time} ({name}) is back; the sheet is not saved yet.',
  'form.draftFailed': 'The draft was not saved: {reason}. What you typed stays on this page.',
  'form.conflict':
    '{name} changed this sheet in another window at {time}. Your rows were not saved over theirs.',
  'form.conflictLoad': 'Load their version',
  'form.conflictKeep': 'Keep mine and save it',
  'form.someone': 'another judge',
  'form.checking': 'Checking words…',
  'form.wordsUnavailable':
    'Words cannot be checked right now; the server checks them when you save.',
  'form.offline':
    'No connection to the server. What you type is kept on this device and sent when the connection returns.',
  'form.offlineWaiting':
    'Not saved on the server — kept on this device, sent when the connection returns. Rows waiting: {n}.',
  'form.offlineUnkept':
    'Not saved on the server, and this device does not allow the rows to be kept on it (rows waiting: {n}). Do not close this page until the connection returns.',
  'form.backOnline': 'The connection is back: everything was saved on the server at {time}.',
  'form.allSaved': 'The rows from this device were saved on the server at {time}.',
  'form.onlineUnsent':
    'The connection is back. The sheet is not sent yet: the rows stay on this device until you send it.',
  'form.restoredDevice':
    'The rows kept on this device, which the server did not have, are back (rows: {n}).',
  'form.sendHeld':
    'The sheet will be sent once, as soon as the connection returns. Do not close this page.',
  'form.sendHeldCancel': 'Do not send',
  'form.sendHeldDropped':
    'The sheet was not sent: someone else changed it meanwhile (see above). Decide, then send it again.',
  'form.offlineRefused':
    'This needs the server, and there is no connection. The rows stay on this device; try again when the connection returns.',
  'form.boardTitle': 'The board after the last turn typed',
  'form.findings': 'Findings of the whole game',
  'form.noFindings': 'The sheet agrees with the rules.',
  'form.empty': 'The sheet is still empty.',
  'form.wontFit':
    'This sheet has details the form has no column for ({fields}); they are kept with their row and checked.',

  'cell.number': 'Enter a whole number.',
  'cell.clock': 'Enter the time as mm:ss (e.g. 28:40; 2840 works too).',
  'cell.position':
    '“{text}” is not a position: 9F is row 9, column F, across; F9 is column F, row 9, down.',
  'cell.positionMissing': 'Enter the position of the word (e.g. 9F).',
  'cell.wordMissing': 'Enter the word.',
  'cell.exchange': 'Enter how many tiles were exchanged (1 to {max}) or the tiles.',
  'cell.challengeBy': 'Enter who challenged.',
  'cell.challengeOwn': 'A player cannot challenge their own play.',
  'cell.challengeKind': 'Only a play can be challenged.',
  'cell.player': 'Choose the player.',
  'cell.swap': 'Enter the square of the blank (e.g. H8).',
  'cell.taken': 'Enter the values of the cards taken, separated by spaces (e.g. 2 1 -1).',
  'cell.rotation': 'Enter the card and the turn (e.g. C3 cw, C3 ccw, C3 180).',
  'cell.allPlayers': 'Fill this in for every player.',
  'cell.final': '“{text}” is no final score: enter a whole number.',
  'cell.reason': '“{text}” is no ending of this game: choose how it ended from the list.',
  'cell.timeExpired': '“{text}” is no player of this game: choose whose time ran out.',
  'cell.tooLong': 'At most {max} characters.',
  'cell.rows': 'A sheet has at most {max} rows.',
  'cell.sheet': 'The sheet cannot be read: {message}',
};

/** Croatian (ijekavian), written apart: not the Serbian Latin renamed. */
const hr: Record<FormMessageKey, string> = {
  'col.number': 'Br.',
  'col.player': 'Igrač',
  'col.kind': 'Vrsta',
  'col.position': 'Pozicija',
  'col.word': 'Riječ / pločice',
  'col.score': 'Bodovi',
  'col.total': 'Ukupno',
  'col.clock': 'Sat',
  'col.challenge': 'Osporavanje',
  'col.challengeBy': 'Osporio',
  'col.rack': 'Stalak',
  'col.swap': 'Uzeta prazna',
  'col.rotation': 'Okretanje',
  'col.taken': 'Uzete karte (vrijednosti)',

  'kind.play': 'riječ',
  'kind.exchange': 'zamjena',
  'kind.pass': 'pas',
  'challenge.none': '—',
  'challenge.valid': 'ispravna riječ',
  'challenge.invalid': 'neispravna riječ',

  'end.title': 'Kraj partije',
  'end.reason': 'Kako se završila',
  'end.reason.none': '—',
  'end.reason.turns': 'odigrani svi potezi',
  'end.reason.no-moves': 'nema više poteza',
  'end.reason.time': 'isteklo vrijeme',
  'end.reason.agreed': 'dogovor',
  'end.reason.out': 'igrač je potrošio pločice',
  'end.reason.scoreless': 'potezi bez bodova',
  'end.reason.target': 'dostignut cilj',
  'end.reason.passes': 'uzastopni pasovi',
  'end.reason.deck': 'špil je potrošen',
  'end.racks': 'Pločice na stalku',
  'end.clocks': 'Sat na kraju',
  'end.timeExpired': 'Isteklo vrijeme igraču',
  'end.timeExpired.none': 'nikome',
  'end.final': 'Konačan rezultat upisan',

  'form.help':
    'Prepišite zapisnik red po red. Pozicija: ⟦9F⟧ je vodoravno (red pa stupac), ⟦F9⟧ uspravno. Mala slova su džokeri, točka je pločica koja je već na ploči. ⟦Tab⟧ ide na sljedeće polje, ⟦Enter⟧ u sljedeći red. Prazni redovi se ne računaju; zbroj možete ostaviti prazan.',
  'form.helpCards':
    'Prepišite zapisnik red po red: karta koja se okreće i smjer (⟦C3 cw⟧, ⟦C3 ccw⟧, ⟦C3 180⟧), vrijednosti uzetih karata razdvojene razmakom, bodovi i zbroj. ⟦Tab⟧ ide na sljedeće polje, ⟦Enter⟧ u sljedeći red. Prazni redovi se ne računaju; zbroj možete ostaviti prazan.',
  'form.unreadableVerdict': 'Neka se polja ne mogu pročitati: pogledajte označena polja.',
  'form.live': 'Provjera teče dok tipkate.',
  'form.addRows': 'Dodaj redove',
  'form.verify': 'Provjeri',
  'form.save': 'Provjeri i spremi',
  'form.import': 'Uvezi JSON ili GCG',
  'form.importHelp':
    'Zalijepite zapisnik u formatu scoresheet/1 (JSON) ili GCG; popunit će obrazac iznad. Ništa se ne čuva dok ne kliknete „Provjeri i spremi”.',
  'form.importButton': 'Popuni obrazac',
  'form.importProblems': 'Zapisnik se ne može pročitati:',
  'form.importHelpCheck':
    'Zalijepite zapisnik u formatu scoresheet/1 (JSON) ili GCG; popunit će obrazac iznad, da ga provjerite. Na ovoj stranici se ništa ne čuva.',
  'form.importOtherPlayers':
    'Uvezeni zapisnik navodi {names}, a ovu partiju igraju {game}. Provjerite je li to zapisnik ovog stola: redovi su upisani po redoslijedu igrača iz zapisnika, kao {order}.',
  'form.turnN': '{n}. red',
  'form.playerN': 'Igrač {n}',
  'form.checkTitle': 'Provjera zapisnika',
  'form.checkLink':
    'Provjeri zapisnik koji nije partija ovog turnira (bilo koja pravila, 2–4 igrača)',
  'form.rules': 'Pravila',
  'form.players': 'Broj igrača',
  'form.open': 'Otvori prazan zapisnik',
  'form.draftSaved': 'Nacrt spremljen u {time}.',
  'form.draftSaving': 'Spremam nacrt…',
  'form.draftRestored': 'Vraćen je nacrt od {time} ({name}); zapisnik još nije spremljen.',
  'form.draftFailed':
    'Nacrt nije spremljen: {reason}. Ono što ste utipkali ostaje na ovoj stranici.',
  'form.conflict':
    '{name} je u {time} mijenjao ovaj zapisnik u drugom prozoru. Vaši redovi nisu spremljeni preko njegovih.',
  'form.conflictLoad': 'Učitaj njegovu verziju',
  'form.conflictKeep': 'Zadrži moju i spremi je',
  'form.someone': 'drugi sudac',
  'form.checking': 'Provjeravam riječi…',
  'form.wordsUnavailable':
    'Riječi se trenutno ne mogu provjeriti; provjerit će ih poslužitelj pri spremanju.',
  'form.offline':
    'Nema veze s poslužiteljem. Ono što utipkate čuva se na ovom uređaju i šalje se kad se veza vrati.',
  'form.offlineWaiting':
    'Nije spremljeno na poslužitelju — čuva se na ovom uređaju, šalje se kad se veza vrati. Redova koji čekaju: {n}.',
  'form.offlineUnkept':
    'Nije spremljeno na poslužitelju, a ovaj uređaj ne dopušta spremanje redova na njemu (redova koji čekaju: {n}). Ne zatvarajte ovu stranicu dok se veza ne vrati.',
  'form.backOnline': 'Veza je ponovno tu: sve je spremljeno na poslužitelju u {time}.',
  'form.allSaved': 'Redovi s ovog uređaja spremljeni su na poslužitelju u {time}.',
  'form.onlineUnsent':
    'Veza je ponovno tu. Zapisnik još nije poslan: redovi ostaju na ovom uređaju dok ga ne pošaljete.',
  'form.restoredDevice':
    'Vraćeni su redovi spremljeni na ovom uređaju, kojih nije bilo na poslužitelju (redova: {n}).',
  'form.sendHeld': 'Zapisnik će biti poslan jednom, čim se veza vrati. Ne zatvarajte ovu stranicu.',
  'form.sendHeldCancel': 'Ne šalji',
  'form.sendHeldDropped':
    'Zapisnik nije poslan: u međuvremenu je netko drugi mijenjao ovaj zapisnik (poruka iznad). Odlučite, pa ga pošaljite ponovno.',
  'form.offlineRefused':
    'Za ovo je potrebna veza s poslužiteljem, a veze nema. Redovi ostaju na ovom uređaju; pokušajte kad se veza vrati.',
  'form.boardTitle': 'Ploča poslije posljednjeg upisanog poteza',
  'form.findings': 'Nalazi za cijelu partiju',
  'form.noFindings': 'Zapisnik se slaže s pravilima.',
  'form.empty': 'Zapisnik je još prazan.',
  'form.wontFit':
    'Ovaj zapisnik ima podatke kojih u obrascu nema ({fields}); ostaju spremljeni uz red i provjeravaju se.',

  'cell.number': 'Upišite cijeli broj.',
  'cell.clock': 'Upišite vrijeme kao mm:ss (npr. 28:40; može i 2840).',
  'cell.position':
    '„{text}” nije pozicija: ⟦9F⟧ je red 9, stupac ⟦F⟧, vodoravno; ⟦F9⟧ je stupac ⟦F⟧, red 9, uspravno.',
  'cell.positionMissing': 'Upišite poziciju riječi (npr. ⟦9F⟧).',
  'cell.wordMissing': 'Upišite riječ.',
  'cell.exchange': 'Upišite broj zamijenjenih pločica (1 do {max}) ili same pločice.',
  'cell.challengeBy': 'Upišite tko je osporio.',
  'cell.challengeOwn': 'Igrač ne može osporiti svoj potez.',
  'cell.challengeKind': 'Osporava se samo riječ.',
  'cell.player': 'Odaberite igrača.',
  'cell.swap': 'Upišite polje prazne pločice (npr. ⟦H8⟧).',
  'cell.taken': 'Upišite vrijednosti uzetih karata, razdvojene razmakom (npr. 2 1 -1).',
  'cell.rotation': 'Upišite kartu i smjer (npr. ⟦C3 cw⟧, ⟦C3 ccw⟧, ⟦C3 180⟧).',
  'cell.allPlayers': 'Upišite za svakog igrača.',
  'cell.final': '„{text}” nije konačan rezultat: upišite cijeli broj.',
  'cell.reason': '„{text}” nije kraj partije ove igre: odaberite kako se završila s popisa.',
  'cell.timeExpired': '„{text}” nije igrač ove partije: odaberite kome je isteklo vrijeme.',
  'cell.tooLong': 'Najviše {max} znakova.',
  'cell.rows': 'Zapisnik može imati najviše {max} redova.',
  'cell.sheet': 'Zapisnik se ne može pročitati: {message}',
};

let cyrillic: Record<FormMessageKey, string> | null = null;

let latin: Record<FormMessageKey, string> | null = null;

let croatian: Record<FormMessageKey, string> | null = null;

/** `⟦9F⟧` marks what stays in Latin letters in Cyrillic: positions and squares are written so. */
const KEPT = /⟦([^⟧]*)⟧/g;

function table(lang: Lang): Record<FormMessageKey, string> {
  if (lang === 'en') return en;
  if (lang === 'hr') {
    croatian ??= Object.fromEntries(
      Object.entries(hr).map(([k, v]) => [k, v.replace(KEPT, '$1')]),
    ) as Record<FormMessageKey, string>;
    return croatian;
  }
  if (lang === 'sr-Cyrl') {
    cyrillic ??= mapTable((v) =>
      v
        .split(KEPT)
        .map((part, i) => (i % 2 === 1 ? part : latinToCyrillic(part)))
        .join(''),
    );
    return cyrillic;
  }
  latin ??= mapTable((v) => v.replace(KEPT, '$1'));
  return latin;
}

function mapTable(f: (text: string) => string): Record<FormMessageKey, string> {
  return Object.fromEntries(Object.entries(srLatn).map(([k, v]) => [k, f(v)])) as Record<
    FormMessageKey,
    string
  >;
}

/** A form text in a language, `{name}` placeholders filled. */
export function ft(
  lang: Lang,
  key: FormMessageKey,
  params: Record<string, string | number> = {},
): string {
  return table(lang)[key].replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

/** Every text of a language, for the browser's copy of the form. */
export function formTexts(lang: Lang): Record<FormMessageKey, string> {
  return table(lang);
}
