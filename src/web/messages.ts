import { fillParams, inThreeLanguages, Lang } from '../i18n';

/**
 * Texts the pages need beyond `src/i18n` (form errors, the server's refusals
 * in words, flash messages, error pages). The same discipline as the main
 * tables: Serbian Latin is the master, English must have exactly its keys
 * (the type checker says so), Cyrillic is the Latin transliterated. Meant to
 * be merged into `src/i18n` (see docs/pages.md); kept here so that the pages
 * did not edit shared tables.
 */
const srLatn = {
  'page.signIn': 'Prijava',
  'page.judge': 'Sudija',
  'page.organiser': 'Organizator',
  'page.error': 'Greška',
  'page.wait': 'Sačekajte malo',
  'page.tryAgain': 'Pokušajte ponovo',

  'flash.saved': 'Sačuvano.',
  'flash.recorded': 'Upisano: {result}.',
  'desk.title': 'Sudijski sto, {n}. kolo',
  'desk.counts':
    'Zapisnik se ne slaže s pravilima: {flagged} · čeka potvrdu: {unconfirmed} · bez rezultata: {none} · gotovo: {done}',
  'desk.status.flagged': 'zapisnik se ne slaže s pravilima',
  'desk.status.unconfirmed': 'čeka potvrdu',
  'desk.status.no-result': 'bez rezultata',
  'desk.status.done': 'rezultat upisan',
  'desk.accept': 'Upiši kao rezultat',
  'desk.return': 'Vrati stolu',
  'desk.note': 'Zašto se vraća (igrači će to videti)',
  'desk.correct': 'Zapisnik ove partije u obrascu za sudije',
  'code.title': 'Zapisnik sa stola',
  'code.sheetTitle': 'Zapisnik partije',
  'code.unfinished':
    'Po zapisniku ova partija nije završena ({turns} poteza), a nije upisano kako se završila, pa zapisnik nije poslat. Ako je partija gotova, izaberite pod „Kako se završila” kako je završena i pošaljite ga, ili ga pošaljite ovakvog.',
  'code.sendUnfinished': 'Pošalji ipak',
  'code.you': 'Vaš kod: {name}, {seat}. mesto za stolom',
  'code.send': 'Pošaljite zapisnik',
  'code.sheets': 'Poslati zapisnici',
  'code.none': 'Sa ovog stola još nije poslat zapisnik.',
  'code.from': 'Poslao(la) {name} ({seat}. mesto)',
  'code.ok': 'slaže se s pravilima',
  'code.faults': 'program je našao grešaka: {n}; pogledaće ga sudija',
  'code.waitingFor': 'čeka potvrdu: {names}',
  'code.atDesk': 'čeka sudiju',
  'code.accepted': 'upisan kao rezultat',
  'code.returned': 'sudija ga je vratio: {note}',
  'code.replaced': 'zamenjen kasnijim zapisnikom',
  'code.confirm': 'Potvrđujem ovaj zapisnik',
  'code.resultIn': 'Rezultat je upisan.',
  'code.open': 'Pogledajte partiju',
  'code.viewSheet': 'Pogledajte zapisnik: potezi, poeni, nalazi i tabla',
  'code.mended':
    'Obrazac ima poslednji poslati zapisnik; ispravite šta treba i pošaljite ga ponovo.',
  'flash.sent': 'Zapisnik je poslat.',
  'flash.confirmed': 'Potvrdili ste zapisnik.',
  'err.CODE_UNKNOWN': 'Nijedan sto nema taj kod. Proverite ga na svom zapisniku.',
  'err.NO_SCORESHEET': 'Ova partija nema zapisnik, pa nema ni zapisa partije za štampu.',
  'err.BAD_CODE':
    'To nije kod stola: kod ima deset slova i cifara, kako je odštampan na zapisniku.',
  'err.CODE_EXPIRED': 'Kod je istekao: njegovo kolo je završeno.',
  'err.CODE_THROTTLED': 'Previše pogrešnih kodova. Pokušajte ponovo za {wait}.',
  'err.RESULT_IN': 'Rezultat ovog stola je već upisan; za izmenu se obratite sudiji.',
  'err.OWN_SUBMISSION':
    'Ovaj zapisnik ste poslali vi; potvrđuje ga drugi igrač za stolom svojim kodom.',
  'err.SUBMISSION_CLOSED': 'Taj zapisnik više ne čeka potvrdu; potvrdite poslednji.',
  'flash.paired': '{n}. kolo je upareno.',
  'flash.swapped': 'Igrači su zamenjeni.',
  'flash.roundDeleted': '{n}. kolo je poništeno.',
  'flash.imported': 'Uvezeno igrača: {n}.',
  'flash.tshImported': 'Grupa je uvezena iz TSH datoteke, igrača: {n}.',
  'flash.withdrawn': 'Igrač je odjavljen sa turnira.',
  'flash.reinstated': 'Igrač je vraćen na turnir; uparuje se od sledećeg kola.',
  'flash.absent': 'Izostanak je zabeležen.',
  'flash.absenceUndone': 'Izostanak je poništen.',
  'flash.cleared': 'Rezultat je obrisan; partija ponovo čeka rezultat.',
  'flash.signedOut': 'Odjavljeni ste.',
  'flash.roundRepaired': '{n}. kolo je upareno ponovo.',
  'flash.lookAlike':
    'Pažnja, imena izgledaju isto (drugo pismo, bez kvačica ili slova koja liče): {pairs}. Proverite da niko nije prijavljen dvaput.',
  'flash.seeded': 'Nosioci su određeni po rejtingu.',
  'flash.playerRemoved': 'Igrač je uklonjen; može se vratiti iz dnevnika direktora turnira.',
  'flash.playerRestored': 'Igrač je vraćen u grupu.',

  'confirm.cancel': 'Odustani',
  'confirm.deleteRound.title': 'Poništiti {n}. kolo?',
  'confirm.deleteRound.what':
    '{n}. kolo grupe {division} biće uklonjeno sa svim stolovima ({games}) i parovima.',
  'confirm.deleteRound.button': 'Da, poništi {n}. kolo',
  'confirm.repairRound.title': 'Upariti {n}. kolo ponovo?',
  'confirm.repairRound.what':
    '{n}. kolo grupe {division} biće uklonjeno sa svim stolovima ({games}) i upareno ponovo ({system}) prema sadašnjem plasmanu.',
  'confirm.repairRound.button': 'Da, upari {n}. kolo ponovo',
  'confirm.lost.results': 'Rezultati koji se brišu: {n}',
  'confirm.lost.sheets': 'Zapisnici koji se brišu: {n}',
  'confirm.lost.drafts': 'Započeti zapisnici koji se brišu: {n}',
  'confirm.nothingLost': 'Nijedna partija ovog kola još nema rezultat ni zapisnik.',
  'confirm.roundKept':
    'Sve što se briše (rezultati, zapisnici kako su uneti, njihova istorija) ostaje zapisano u dnevniku direktora turnira, ali se ne vraća samo: rezultate treba uneti ponovo.',
  'confirm.seeds.title': 'Odrediti nosioce po rejtingu?',
  'confirm.seeds.what':
    'Nosioci grupe {division} biće određeni po rejtingu: najviši rejting prvi; isti rejting, pa igrači bez rejtinga, po imenu.',
  'confirm.seeds.paired':
    'Upareno je kola: {n}. Nosioci menjaju poslednji dopunski kriterijum i sledeća uparivanja, ne već uparena kola.',
  'confirm.seeds.move': '{name}: {before} → {after}',
  'confirm.seeds.none': 'Nosioci već prate rejting: ništa se ne menja.',
  'confirm.seeds.kept': 'Nosioci pre i posle ostaju zapisani u dnevniku direktora turnira.',
  'confirm.seeds.button': 'Da, odredi nosioce po rejtingu',
  'confirm.withdraw.title': 'Odjaviti igrača {name}?',
  'confirm.withdraw.what':
    'Odjava igrača {name} (grupa {division}) sa turnira: od sledećeg kola se ne uparuje, a u poretku ostaje sa dosadašnjim rezultatima.',
  'confirm.withdraw.pending':
    'Partije u kojima još čeka rezultat: {n} (sudija ih upisuje, na primer kao kontumaciju).',
  'confirm.withdraw.undo':
    'Odjava se poništava dugmetom „Vrati na turnir” na stranici igrača grupe: igrač se ponovo uparuje od sledećeg kola.',
  'confirm.withdraw.button': 'Da, odjavi igrača {name}',
  'confirm.remove.title': 'Ukloniti igrača {name}?',
  'confirm.remove.what':
    '{name} (nosilac {seed}, grupa {division}) biće uklonjen iz grupe. Nije uparen ni u jednom kolu, pa se ništa drugo ne briše.',
  'confirm.remove.undo':
    'Uklanjanje se poništava u dnevniku direktora turnira (dugme „Vrati igrača”): igrač se vraća sa istim podacima i, ako je slobodan, istim nosiocem.',
  'confirm.remove.button': 'Da, ukloni igrača {name}',

  'status.400': 'Zahtev nije ispravan.',
  'status.401': 'Prvo se prijavite.',
  'status.403': 'Vaš nalog nema pravo na ovo.',
  'status.404': 'Tražena stranica ne postoji.',
  'status.409': 'Zahtev se kosi sa trenutnim stanjem.',
  'status.413': 'Poslati podaci su preveliki.',
  'status.422': 'Podaci ne mogu da se prihvate.',
  'status.500': 'Greška na serveru; zabeležena je.',
  'status.503': 'Server je trenutno preopterećen. Pokušajte ponovo za nekoliko sekundi.',
  'status.crossSite': 'Obrazac je poslat sa drugog sajta i odbijen je. Otvorite stranicu ponovo.',

  'form.required': 'Obavezno polje.',
  'form.integer': 'Upišite ceo broj od {min} do {max}.',
  'form.placePoints':
    'Upišite {n} broja odvojena kosom crtom, za prvo mesto prvo, nijedan veći od prethodnog (npr. {example}); polovine su dozvoljene.',
  'form.clock': 'Upišite vreme kao mm:ss (npr. 03:24; može i 3.24 ili 324; -00:30 posle isteka).',
  'form.date': 'Upišite datum kao GGGG-MM-DD.',
  'form.dateOrder': 'Kraj ne može biti pre početka.',
  'form.tooLong': 'Najviše {max} znakova.',
  'form.control': 'Polje ne sme da sadrži kontrolne znakove.',
  'form.choice': 'Izaberite jednu od ponuđenih vrednosti.',
  'form.samePlayer': 'Izaberite dva različita igrača.',
  'form.tooManyWords': 'Najviše {max} reči u jednom potezu.',
  'form.stalePage': 'Stranica je zastarela; otvorite je ponovo.',

  'err.PLAYER_EXISTS': 'U grupi već postoji igrač s tim imenom; zapisnici ih ne bi razlikovali.',
  'err.SEED_TAKEN': 'Taj broj nosioca već ima drugi igrač.',
  'confirm.close.title': 'Zatvoriti turnir {name}?',
  'confirm.close.what':
    'Rezultati svih grupa postaju konačni: ne mogu se menjati, niti se uparuju nova kola. Rejtinzi se računaju iz odigranih partija ovog turnira i svih posle njega.',
  'confirm.close.pending': 'Partije još bez rezultata: {n}. One se ne računaju za rejting.',
  'confirm.close.undo': 'Turnir se može ponovo otvoriti; rejtinzi se tada preračunavaju.',
  'confirm.close.button': 'Da, zatvori turnir',
  'confirm.reopen.title': 'Ponovo otvoriti turnir {name}?',
  'confirm.reopen.what':
    'Rezultati se ponovo mogu menjati. Rejtinzi svih turnira se preračunavaju bez ovog, dok se ne zatvori ponovo.',
  'confirm.reopen.button': 'Da, otvori turnir',
  'flash.closed': 'Turnir je zatvoren; rejtinzi su izračunati.',
  'flash.reopened': 'Turnir je ponovo otvoren; rejtinzi su preračunati bez njega.',
  'flash.ratingsImported': 'Uvezeno rejtinga: {n}; svi rejtinzi su preračunati.',
  'job.title.ratings.import': 'Uvoz rejting liste',
  'job.title.ratings.recompute': 'Preračunavanje rejtinga',
  'job.title.tournament.import': 'Uvoz turnira',
  'job.title.players.import': 'Uvoz igrača iz CSV datoteke',
  'job.title.tsh.import': 'Uvoz grupe iz TSH datoteke',
  'job.running':
    'Posao teče na serveru; stranica prati napredak, a sajt za to vreme radi i ostalima.',
  'job.progress': 'Urađeno: {percent} %',
  'job.phase.queued': 'Čeka da dođe na red…',
  'job.phase.read': 'Čitanje…',
  'job.phase.match': 'Prepoznato osoba: {done} od {total} redova',
  'job.phase.persons': 'Dodato novih osoba u registar: {done} od {total}',
  'job.phase.write': 'Upisano: {done} od {total}',
  'job.phase.recompute': 'Preračunavanje svih rejtinga…',
  'job.phase.verify': 'Ponovo provereno zapisnika: {done} od {total}',
  'job.phase.store': 'Upisivanje u bazu: kolo {done} od {total}',
  'job.phase.register': 'Prijavljeno igrača: {done} od {total}',
  'job.phase.results': 'Upisano rezultata: {done} od {total}',
  'job.done.ratings.import':
    'Uvezeno rejtinga: {imported}; osoba sa rejtingom: {persons}. Svi rejtinzi su preračunati.',
  'job.done.ratings.recompute': 'Rejtinzi su preračunati: turnira {tournaments}, osoba {persons}.',
  'job.done.tournament.import': 'Turnir {name} je uvezen.',
  'job.done.players.import': 'Uvezeno igrača: {imported}.',
  'job.done.tsh.import': 'Grupa {name} je uvezena iz TSH datoteke, igrača: {players}.',
  'job.refused': 'Ništa nije upisano: {message}',
  'job.refusedMany': 'Ništa nije upisano. Grešaka ukupno: {n}; spisak je ispod.',
  'job.failed': 'Posao nije uspeo zbog greške na serveru; ništa nije upisano.',
  'job.lost': 'Server koji je radio ovaj posao prestao je da radi pre kraja; ništa nije upisano.',
  'job.back.ratings': 'Nazad na rejting listu',
  'job.open.tournament': 'Otvori turnir',
  'job.open.players': 'Igrači grupe',
  'err.PERSON_AMBIGUOUS': 'Više osoba u registru ima to ime: izaberite koja se prijavljuje.',
  'err.PERSON_REGISTERED': 'Ta osoba iz registra je već prijavljena u ovoj grupi.',
  'err.UNKNOWN_PERSON': 'Te osobe nema u registru.',
  'err.PERSONS_SHARE_DIVISION':
    'Te dve osobe igraju u istoj grupi: to su dva igrača, ne jedna osoba.',
  'err.RATING_LIST_CLASH':
    'Obe osobe imaju uvezen rejting za istu igru: uvezite listu ponovo sa jednim redom za tu osobu.',
  'err.FEDERATION_ID_TAKEN': 'Taj ID u savezu ima druga osoba u registru.',
  'err.FEDERATION_ID_MISMATCH': 'Izabrana osoba ima drugi ID u savezu.',
  'err.TOURNAMENT_CLOSED':
    'Turnir je zatvoren: rezultati su konačni. Ponovo ga otvorite da biste nešto promenili.',
  'err.TOURNAMENT_OPEN': 'Turnir nije zatvoren.',
  'err.ALREADY_CLOSED': 'Turnir je već zatvoren.',
  'form.country': 'Dva ili tri velika latinična slova, kako ih piše savez ({examples}).',
  'form.federationId': 'Do 20 slova, cifara ili crtica.',
  'err.ROUND_ROBIN_STARTED':
    'Turnir svako sa svakim je počeo: raspored je određen igračima s kojima je počeo.',
  'err.TOURNAMENT_FINISHED': 'Sva kola su uparena; naknadni igrač nema kolo u koje bi ušao.',
  'err.DIVISION_EXISTS': 'Turnir već ima grupu s tim nazivom.',
  'err.TOURNAMENT_STARTED':
    'Pravila, vreme i razlika za slobodno kolo ne menjaju se kad je upareno prvo kolo.',
  'err.ROUNDS_ALREADY_PAIRED': 'Već je upareno više kola od tog broja.',
  'err.ROUND_ALREADY_PAIRED': 'To kolo je već upareno: partija se upisuje kao kontumacija.',
  'err.ROUND_NOT_PLANNED': 'Grupa nema to kolo.',
  'err.NOT_YET_JOINED': 'Igrač se priključuje kasnije od tog kola.',
  'err.PLAYER_WITHDRAWN': 'Igrač je odustao; prvo ga vratite na turnir.',
  'err.PLAYER_HAS_GAMES': 'Igrač je već uparen, pa se ne može ukloniti; odjavite ga sa turnira.',
  'err.ALREADY_RESTORED': 'Ovaj igrač je već vraćen.',
  'err.SEEDS_FIXED': 'Raspored kružnog sistema određen je nosiocima, pa se oni više ne menjaju.',
  'err.ROUND_ROBIN_ABSENCE':
    'Raspored turnira svako sa svakim je određen: partija se upisuje kao kontumacija.',
  'err.ROUND_IN_PROGRESS': 'Sledeće kolo ne može da se upari dok partije nemaju rezultat: {where}.',
  'err.ALL_ROUNDS_PAIRED': 'Sva planirana kola su uparena.',
  'err.NOT_ENOUGH_PLAYERS': 'Za parovanje su potrebna bar dva aktivna igrača.',
  'err.PAIRING_FAILED': 'Program za parovanje nije našao ispravne parove.',
  'err.INVALID_PAIRINGS': 'Takvi parovi nisu dozvoljeni.',
  'err.ROUND_PLAYED': 'Kolo već ima rezultate, pa se ne može menjati.',
  'err.NOT_LAST_ROUND': 'Poništiti se može samo poslednje kolo.',
  'err.NOT_IN_ROUND': 'Izabrani igrač nije u ovom kolu.',
  'err.STALE_VERSION':
    'Neko je u međuvremenu promenio rezultat ove partije. Otvorite stranicu ponovo i proverite.',
  'err.CONCURRENT_UPDATE': 'Rezultat je upravo promenjen s druge strane. Otvorite stranicu ponovo.',
  'err.SIGN_IN_THROTTLED':
    'Previše neuspelih prijava za ovaj nalog ili s ove adrese. Pokušajte ponovo za {wait} ili se prijavite s uređaja s kog ste se već prijavljivali.',
  'time.seconds': '{n} s',
  'time.minutes': '{n} min',
  'err.SETTINGS_STALE':
    'Neko je promenio podešavanja grupe otkad ste otvorili stranicu (sada → vaše: {changes}). Obrazac i dalje ima vaše vrednosti: sačuvajte ih ponovo ako i dalje važe.',
  'err.IF_MATCH_REQUIRED':
    'Obrazac ne kaže koju verziju je menjao. Otvorite stranicu ponovo i unesite izmenu.',
  'err.RESULT_EXISTS':
    'Partija već ima rezultat. Otvorite stranicu ponovo da biste ga videli i ispravili.',
  'err.GAME_IS_BYE': 'Ovo je slobodno kolo: nema rezultata za upis.',
  'err.TIME_LOSS_UNCLEAR': 'Nejasno je kome je isteklo vreme: označite ko je izgubio na vreme.',
  'err.NO_GAME_CLOCK': 'Ova igra nema sat za celu partiju, pa niko ne gubi na vreme.',
  'err.CLOCK_ABOVE_START':
    'Preostalo vreme {clock} je više od {start}, koliko svaki igrač ima na početku partije: proverite sat.',
  'err.TIE_BREAK_FIGURE_NEEDED':
    'Poeni su jednaki ({scores}), a tada po pravilima odlučuje {figure}: upišite to za oba igrača.',
  'err.TIE_BREAK_FIGURE_UNUSED': 'Pravila ove igre ne odlučuju ništa po tome: {figure}.',
  'tableForm.help':
    'Upišite konačan rezultat svakog igrača za stolom, redom kojim su igrali. Plasman određuju pravila igre.',
  'tableForm.cardsNeeded': '{names} imaju jednako poena: upišite koliko je karata svako uzeo.',
  'tableForm.targetFirstNeeded':
    '{names} imaju jednako poena na cilju ili preko njega: označite ko je prvi stigao do cilja.',
  'err.RESULT_CONTRADICTS_SHEET':
    'Rezultat se ne slaže s proverenim zapisnikom ({differences}). Ispravite zapisnik.',
  'err.SHEET_PRESENT': 'Partija ima zapisnik; rezultat se menja kroz zapisnik.',
  'err.NO_RESULT': 'Partija nema rezultat.',
  'err.SHEET_RULES_MISMATCH': 'Zapisnik je za pravila „{sheet}”, a turnir se igra po „{rules}”.',
  'err.SHEET_RULES_CHOSEN':
    'Zapisnik je za pravila „{sheet}”, a izabrana su „{rules}”: izaberite pravila zapisnika gore.',
  'err.SHEET_OPTIONS_MISMATCH': 'Podešavanja u zapisniku se razlikuju od podešavanja turnira.',
  'err.SHEET_PLAYERS_MISMATCH':
    'Zapisnik je za igrače {got}, a ovu partiju igraju {expected} (prvi igra {first}).',
  'err.SHEET_PLAYERS_SWAPPED':
    'Igrači su u zapisniku obrnutim redom: prvi je igrao {first}, pa on ide prvi u „players”.',
  'err.WORD_UNREADABLE': 'Reč ne može da se pročita po ovim pravilima: {detail}',
  'err.NO_WORD_LIST': 'Za ova pravila nema rečnika.',
  'err.UNKNOWN_RULE_SET': 'Nepoznata pravila.',
  'err.INVALID_OPTIONS': 'Podešavanja ne odgovaraju pravilima.',
  'err.BODY_TOO_LARGE':
    'Poslati podaci su veći od {limit}, koliko ova stranica prima; ništa od njih nije sačuvano.',
  'err.TOO_MANY_FIELDS':
    'Obrazac ima više od {limit} polja, koliko ova stranica prima (zapisnik ima najviše 200 redova); ništa od njega nije sačuvano.',
  'err.BODY_TOO_DEEP': 'Poslati podaci su ugneždeni dublje od {limit} nivoa; ništa nije sačuvano.',
  'err.BAD_FORM': 'Obrazac ne može da se pročita; ništa nije sačuvano.',
  'err.UNSUPPORTED_MEDIA_TYPE': 'Ova stranica ne prima takve podatke.',
  'err.BAD_ROUND': 'Parametar „round” (kolo) mora biti ceo broj od {min} naviše.',
  'err.ROUND_OUT_OF_RANGE':
    'Parametar „round” (kolo) mora biti od {min} do {max}: upareno je kola {max}.',
  'err.other': 'Zahtev nije prihvaćen.',

  'sheet.json.InvalidSymbol': 'nepoznat znak',
  'sheet.json.InvalidNumberFormat': 'neispravan broj',
  'sheet.json.PropertyNameExpected': 'očekuje se naziv polja pod navodnicima',
  'sheet.json.ValueExpected': 'očekuje se vrednost',
  'sheet.json.ColonExpected': 'očekuje se dvotačka',
  'sheet.json.CommaExpected': 'očekuje se zarez',
  'sheet.json.CloseBraceExpected': 'očekuje se zatvorena vitičasta zagrada }',
  'sheet.json.CloseBracketExpected': 'očekuje se zatvorena uglasta zagrada ]',
  'sheet.json.EndOfFileExpected': 'posle kraja zapisnika ima još teksta',
  'sheet.json.InvalidCommentToken': 'komentari nisu dozvoljeni',
  'sheet.json.UnexpectedEndOfComment': 'komentar nije zatvoren',
  'sheet.json.UnexpectedEndOfString': 'navodnik nije zatvoren',
  'sheet.json.UnexpectedEndOfNumber': 'broj je prekinut',
  'sheet.json.InvalidUnicode': 'neispravan Unicode znak',
  'sheet.json.InvalidEscapeCharacter': 'neispravna kosa crta (\\) u tekstu',
  'sheet.json.InvalidCharacter': 'nedozvoljen znak u tekstu',
  'sheet.json.empty': 'zapisnik je prazan',
  'sheet.json.notSheet':
    'to nije zapisnik: JSON počinje vitičastom zagradom {, a GCG znakom #; nalepite zapisnik u jednom od ta dva oblika',
  'sheet.json.other': 'tekst nije ispravan JSON',
  'sheet.json.tooDeep': 'liste i objekti su ugneždeni dublje od {max} nivoa',
  'sheet.at.field': 'polje „{field}”',
  'sheet.at.player': 'igrač {name}',
  'sheet.at.entry': '{n}. stavka',
  'sheet.at.document': 'zapisnik',
  'sheet.gcg': 'GCG, red {line}: {message}',
  'sheet.gcgWhole': 'GCG: {message}',
  'sheetProblem.UNKNOWN_FIELD':
    'nepoznato polje „{field}” (ostale podatke stavite u polje „{meta}”)',
  'sheetProblem.FIELD_NOT_FOR_RULES': 'ovo polje ne važi za pravila {rules}',
  'sheetProblem.FORMAT': 'format mora biti {format}',
  'sheetProblem.RULES': 'treba navesti pravila igre, npr. {rulesExample}',
  'sheetProblem.RULES.given': 'nepoznata pravila igre {given}',
  'sheetProblem.PLAYERS': 'igrači moraju biti lista imena, redom kojim igraju',
  'sheetProblem.PLAYER_COUNT': 'ova igra ima {allowed} igrača, a zapisnik navodi {count}',
  'sheetProblem.PLAYER_NAME': 'ime igrača ne sme biti prazno',
  'sheetProblem.TURNS': 'potezi moraju biti lista',
  'sheetProblem.TURN_OBJECT': 'potez mora biti objekat',
  'sheetProblem.PLAYER_INDEX': 'igrač se navodi brojem od 0 do {max}',
  'sheetProblem.TURN_KIND': 'potez mora imati tačno jedno od polja {kinds}',
  'sheetProblem.PLAY_TEXT': 'potez se piše kao tekst: pozicija, razmak i reč, npr. {playExample}',
  'sheetProblem.WHOLE_NUMBER': 'mora biti ceo broj',
  'sheetProblem.CLOCK': 'sat se piše kao mm:ss (npr. "28:40")',
  'sheetProblem.END_OBJECT': 'kraj partije mora biti objekat',
  'sheetProblem.PER_PLAYER': 'mora biti lista sa po jednom vrednošću za svakog igrača ({count})',
  'sheetProblem.PASS_TRUE': 'pas se upisuje kao {passValue}',
  'sheetProblem.EXCHANGE': 'zamena je broj zamenjenih pločica ili same pločice',
  'sheetProblem.CHALLENGE_OBJECT':
    'prigovor navodi ko ga je uložio i kako je presuđeno, npr. {challengeExample}',
  'sheetProblem.CHALLENGE_NOT_PLAY': 'prigovor se ulaže samo na reč',
  'sheetProblem.CHALLENGE_OWN': 'igrač ne može uložiti prigovor na svoj potez',
  'sheetProblem.CHALLENGE_VALID':
    'presuda je {valid} (reč je ispravna) ili {invalid} (reč nije ispravna)',
  'sheetProblem.CHALLENGE_BONUS':
    'bonus je ceo broj poena, samo uz prigovor presuđen kao neosnovan',
  'sheetProblem.END_REASON': 'kraj partije mora biti jedno od: {reasons}',
  'sheetProblem.CLAIMED_OBJECT': 'upisani konačni rezultati se navode kao {claimedExample}',
  'sheetProblem.RACK_TEXT': 'pločice se pišu kao tekst (? je džoker)',
  'sheetProblem.RACK_LETTER': '„{written}”: „{character}” na {position}. mestu nije slovo ove igre',
  'sheetProblem.RACK_SIZE': '„{written}” ima {count} pločica, a stalak ih drži od {min} do {max}',
  'gcgProblem.NOT_A_LINE': '„{text}” nije ni podešavanje (#…) ni potez (>nadimak: …)',
  'gcgProblem.NO_COLON': 'posle nadimka igrača ide dvotačka (>nadimak: …)',
  'gcgProblem.EMPTY_EVENT': 'posle nadimka nema poteza',
  'gcgProblem.NOT_A_MOVE': '„{text}” nije potez: očekuje se STALAK POZICIJA REČ +poeni zbir',
  'gcgProblem.UNKNOWN_PLAYER': '„{nick}” nije igrač ove partije ({players})',
  'gcgProblem.NO_PLAYERS': 'GCG zapis mora navesti oba igrača ({pragmas})',
  'gcgProblem.PLAYER_PRAGMA': '{pragma} treba nadimak igrača, pa ime i prezime',
  'gcgProblem.NEEDS_POINTS': 'posle „{event}” idu poeni (sa + ili −) i zbir',
  'gcgProblem.WITHOUT_MOVE': '„{event}” ne sledi potez igrača {nick}',
  'gcgProblem.TIME_PENALTY':
    'kazna u poenima za prekoračenje vremena ({time}) nije pravilo igre {rules}',
  'gcgProblem.NOT_FOR_RULES': '{pragma}: {means}, a zapis se proverava po pravilima {rules}',
  'gcgProblem.UNKNOWN_GAME_TYPE':
    '{pragma}: „{value}” nije vrsta igre koju Arbiter poznaje; čita {classic} ({recorders}) ili pravila Arbitra ({ids})',
  'gcgProblem.UNKNOWN_LEXICON':
    '{pragma}: Arbiter ne može da proveri reči po rečniku „{value}”; čita engleske ({lexiconsEn}) i francuske ({lexiconsFr})',
  'gcgProblem.UNKNOWN_TILES':
    '{pragma}: „{value}” nisu pločice nijednih pravila Arbitra; čita {known}',
  'gcgProblem.UNKNOWN_BOARD':
    '{pragma}: „{value}” nije tabla nijednih pravila Arbitra; čita {crosswordGame} (tablu Skrebla 15x15)',
  'gcgProblem.NOT_A_RULE_SET': '{pragma}: „{id}” nisu pravila Arbitra ({ids})',
  'gcgProblem.CARD_GAME': '{name} je igra kartama, a GCG beleži igre ukrštenih reči',
  'gcgProblem.RACK_UNREADABLE':
    '{pragma}: stalak „{rack}” se ne može pročitati (slova igre, ? za džokera)',
  'gcgProblem.END_RACK_DIFFERS':
    '{pragma}: po završnim redovima zapisa igraču {player} ostaje {left}',
  gcgVariant:
    '{pragma}: „{value}” je varijanta koju Arbiter ne proverava; čita {classic} ({recorders}) ili pravila Arbitra ({ids})',
  'gcgProblem.PRAGMA_AFTER':
    '{arbiterClock} i {arbiterChallenge} idu posle poteza, a ne posle ovog reda',
  'gcgProblem.TIME_EXPIRED_PLAYER': '{timeExpiredPragma} „{nick}”: nije igrač ove partije',
  'gcgProblem.ARBITER_PRAGMA': '{pragma} se ne može pročitati',
  'gcgTimeExpired.sameNick':
    '{timeExpiredPragma} „{nick}”: oba igrača imaju taj nadimak, pa se ne zna na koga se odnosi',
  'gcgArbiter.rule-set': '{pragma} treba oznaku pravila, npr. {rulesExample}',
  'gcgArbiter.after-event': '{pragma} ide posle reda poteza na koji se odnosi',
  'gcgArbiter.clock': '{pragma}: „{value}” nije stanje sata (mm:ss)',
  'gcgArbiter.after-move': '{pragma} ide posle poteza',
  'gcgArbiter.valid': '{pragma}: „{value}”: piše se samo {validPragma}',
  'gcgArbiter.json-object': '{pragma} mora biti JSON objekat',
  'gcgArbiter.end-reason': '{pragma}: „{value}” nije jedno od: {reasons}',
  'gcgArbiter.end-clocks': '{pragma} treba stanje sata (mm:ss) ili - za svakog igrača',
  'gcgArbiter.nickname': '{pragma} treba nadimak igrača',
  'gcgLeft.rack': 'stalak {rack}',
  'gcgLeft.empty': 'prazan stalak',
  'gcgMeans.classic': 'klasična igra',
  'gcgMeans.rule-set': 'pravila {id}',
  'gcgMeans.lexicon-en': 'engleski rečnik',
  'gcgMeans.lexicon-fr': 'francuski rečnik',
  'gcgMeans.tiles-en': 'pločice engleskog Skrebla',
  'gcgMeans.tiles-fr': 'pločice francuskog Skrebla',
  'gcgMeans.board-scrabble': 'tabla Skrebla 15x15',

  'backup.title': 'Rezervne kopije',
  'backup.intro':
    'Arbiter pravi rezervnu kopiju baze posle svakog uparenog kola i kad je zatražite; server pri tom radi dalje. Čuva poslednjih {keep} u fascikli {folder}, a starije briše.',
  'backup.take': 'Napravi rezervnu kopiju sada',
  'backup.taken': 'Rezervna kopija je napravljena: {name}.',
  'backup.when': 'Kada',
  'backup.why': 'Zašto',
  'backup.size': 'Veličina',
  'backup.download': 'Preuzmi',
  'backup.none':
    'Još nema rezervnih kopija. Prva nastaje kad se upari kolo ili kad kliknete dugme.',
  'backup.reason.manual': 'na zahtev',
  'backup.reason.round-paired': 'posle uparivanja kola',
  'backup.reason.before-restore': 'baza pre vraćanja kopije',
  'backup.restoreTitle': 'Vraćanje kopije',
  'backup.restore': 'Zaustavite server, pa u fascikli programa pokrenite:',
  'backup.restoreAfter':
    'Kopija se prvo proveri, a baza kakva je bila sačuva se kao nova rezervna kopija, pa se ništa ne gubi. Zatim ponovo pokrenite server:',
  'backup.postgres':
    'Baza je na serveru baza podataka, ne u datoteci: njene rezervne kopije pravi alat tog servera, ne Arbiter. Kopija:',
  'backup.postgresRestore': 'Vraćanje kopije u praznu bazu:',
} as const;

/** A key of the pages' own table. */
export type PageMessageKey = keyof typeof srLatn;

const en: Record<PageMessageKey, string> = {
  'page.signIn': 'Sign in',
  'page.judge': 'Judge',
  'page.organiser': 'Organiser',
  'page.error': 'Error',
  'page.wait': 'Please wait',
  'page.tryAgain': 'Try again',

  'flash.saved': 'Saved.',
  'flash.recorded': 'Recorded: {result}.',
  'desk.title': "Judges' desk, round {n}",
  'desk.counts':
    'Sheet disagrees with the rules: {flagged} · waiting for a confirmation: {unconfirmed} · without a result: {none} · done: {done}',
  'desk.status.flagged': 'the sheet disagrees with the rules',
  'desk.status.unconfirmed': 'waiting for a confirmation',
  'desk.status.no-result': 'no result',
  'desk.status.done': 'result in',
  'desk.accept': 'Enter as the result',
  'desk.return': 'Return to the table',
  'desk.note': 'Why it goes back (the players will see it)',
  'desk.correct': "This game's sheet in the judges' form",
  'code.title': 'Score sheet from the table',
  'code.sheetTitle': 'Game score sheet',
  'code.unfinished':
    'By the sheet this game is not over ({turns} turns), and the sheet does not say how it ended, so it was not sent. If the game is over, choose how it ended under "How it ended" and send it, or send it as it is.',
  'code.sendUnfinished': 'Send anyway',
  'code.you': 'Your code: {name}, seat {seat}',
  'code.send': 'Send the score sheet',
  'code.sheets': 'Sheets sent',
  'code.none': 'No sheet has been sent from this table yet.',
  'code.from': 'Sent by {name} (seat {seat})',
  'code.ok': 'agrees with the rules',
  'code.faults': 'the engine found faults: {n}; a judge will look at it',
  'code.waitingFor': 'waiting for {names} to confirm',
  'code.atDesk': 'waiting for a judge',
  'code.accepted': 'entered as the result',
  'code.returned': 'returned by the judge: {note}',
  'code.replaced': 'replaced by a later sheet',
  'code.confirm': 'I confirm this sheet',
  'code.resultIn': 'The result is in.',
  'code.open': 'See the game',
  'code.viewSheet': 'See the sheet: turns, scores, findings and the board',
  'code.mended': 'The form holds the last sheet sent; correct what is needed and send it again.',
  'flash.sent': 'The sheet is sent.',
  'flash.confirmed': 'You confirmed the sheet.',
  'err.CODE_UNKNOWN': 'No table has that code. Check it on your score sheet.',
  'err.NO_SCORESHEET': 'This game has no score sheet, so there is no game record to print.',
  'err.BAD_CODE':
    'That is no table code: a code is ten letters and digits, as printed on your score sheet.',
  'err.CODE_EXPIRED': 'The code has expired: its round is over.',
  'err.CODE_THROTTLED': 'Too many wrong codes. Try again in {wait}.',
  'err.RESULT_IN': "This table's result is in; ask a judge to change it.",
  'err.OWN_SUBMISSION':
    'You sent this sheet yourself; another player of the table confirms it with their own code.',
  'err.SUBMISSION_CLOSED': 'That sheet no longer waits for confirmation; confirm the latest one.',
  'flash.paired': 'Round {n} is paired.',
  'flash.swapped': 'The players were swapped.',
  'flash.roundDeleted': 'Round {n} was removed.',
  'flash.imported': 'Players imported: {n}.',
  'flash.tshImported': 'The division was imported from the TSH file: {n} players.',
  'flash.withdrawn': 'The player was withdrawn from the tournament.',
  'flash.reinstated': 'The player was reinstated and is paired from the next round.',
  'flash.absent': 'The absence was recorded.',
  'flash.absenceUndone': 'The absence was taken back.',
  'flash.cleared': 'The result was cleared; the game is pending again.',
  'flash.signedOut': 'You are signed out.',
  'flash.roundRepaired': 'Round {n} is paired again.',
  'flash.lookAlike':
    'Note: these names look the same (another script, no accents, or look-alike letters): {pairs}. Check that nobody is registered twice.',
  'flash.seeded': 'The players are seeded by rating.',
  'flash.playerRemoved': "The player was removed; the director's log can bring them back.",
  'flash.playerRestored': 'The player is back in the division.',

  'confirm.cancel': 'Cancel',
  'confirm.deleteRound.title': 'Remove round {n}?',
  'confirm.deleteRound.what':
    'Round {n} of division {division} will be removed with all its tables ({games}) and pairings.',
  'confirm.deleteRound.button': 'Yes, remove round {n}',
  'confirm.repairRound.title': 'Pair round {n} again?',
  'confirm.repairRound.what':
    'Round {n} of division {division} will be removed with all its tables ({games}) and paired again ({system}) on the standings as they are now.',
  'confirm.repairRound.button': 'Yes, pair round {n} again',
  'confirm.lost.results': 'Results that will be deleted: {n}',
  'confirm.lost.sheets': 'Score sheets that will be deleted: {n}',
  'confirm.lost.drafts': 'Sheets being typed that will be deleted: {n}',
  'confirm.nothingLost': 'No game of this round has a result or a score sheet yet.',
  'confirm.roundKept':
    "Everything deleted (results, score sheets as typed, their history) is kept in the director's log, but does not come back by itself: the results must be entered again.",
  'confirm.seeds.title': 'Seed by rating?',
  'confirm.seeds.what':
    'The seeds of division {division} will follow the ratings: the highest first; equal ratings, then players without one, by name.',
  'confirm.seeds.paired':
    'Rounds paired: {n}. Seeds change the last tie-break and the next pairings, not the rounds already paired.',
  'confirm.seeds.move': '{name}: {before} → {after}',
  'confirm.seeds.none': 'The seeds already follow the ratings: nothing changes.',
  'confirm.seeds.kept': "The seeds before and after are kept in the director's log.",
  'confirm.seeds.button': 'Yes, seed by rating',
  'confirm.withdraw.title': 'Withdraw {name}?',
  'confirm.withdraw.what':
    '{name} (division {division}) will be withdrawn: not paired from the next round, and kept in the standings with the results so far.',
  'confirm.withdraw.pending':
    'Games still waiting for a result: {n} (the judge enters them, as a forfeit for instance).',
  'confirm.withdraw.undo':
    'A withdrawal is undone with the "Reinstate" button on the division\'s players page: the player is paired again from the next round.',
  'confirm.withdraw.button': 'Yes, withdraw {name}',
  'confirm.remove.title': 'Remove {name}?',
  'confirm.remove.what':
    '{name} (seed {seed}, division {division}) will be removed from the division. They are paired in no round, so nothing else is deleted.',
  'confirm.remove.undo':
    'A removal is undone in the director\'s log ("Restore the player"): the player comes back with the same details and, if it is free, the same seed.',
  'confirm.remove.button': 'Yes, remove {name}',

  'status.400': 'The request is not valid.',
  'status.401': 'Sign in first.',
  'status.403': 'Your account may not do this.',
  'status.404': 'There is no such page.',
  'status.409': 'The request clashes with the current state.',
  'status.413': 'The data sent is too large.',
  'status.422': 'The data cannot be accepted.',
  'status.500': 'Something went wrong on the server; it has been logged.',
  'status.503': 'The server is too busy right now. Try again in a few seconds.',
  'status.crossSite': 'The form was sent from another site and refused. Open the page again.',

  'form.required': 'Required.',
  'form.integer': 'Enter a whole number from {min} to {max}.',
  'form.placePoints':
    'Enter {n} numbers separated by slashes, first place first, none above the one before (e.g. {example}); halves are allowed.',
  'form.clock': 'Enter the time as mm:ss (e.g. 03:24; 3.24 or 324 will do; -00:30 past zero).',
  'form.date': 'Enter the date as YYYY-MM-DD.',
  'form.dateOrder': 'The end cannot be before the start.',
  'form.tooLong': 'At most {max} characters.',
  'form.control': 'The field must not contain control characters.',
  'form.choice': 'Choose one of the values offered.',
  'form.samePlayer': 'Choose two different players.',
  'form.tooManyWords': 'At most {max} words in one play.',
  'form.stalePage': 'The page is out of date; open it again.',

  'err.PLAYER_EXISTS':
    'The division already has a player with that name; score sheets could not tell them apart.',
  'err.SEED_TAKEN': 'Another player already has that seed.',
  'confirm.close.title': 'Close {name}?',
  'confirm.close.what':
    'The results of every division become final: they cannot change and no round can be paired. Ratings are computed from the games played in this tournament and every one after it.',
  'confirm.close.pending': 'Games still without a result: {n}. They do not count for ratings.',
  'confirm.close.undo': 'The tournament can be reopened; ratings are then computed again.',
  'confirm.close.button': 'Yes, close the tournament',
  'confirm.reopen.title': 'Reopen {name}?',
  'confirm.reopen.what':
    'Results can change again. The ratings of every tournament are computed again without this one, until it is closed again.',
  'confirm.reopen.button': 'Yes, reopen the tournament',
  'flash.closed': 'The tournament is closed; ratings are computed.',
  'flash.reopened': 'The tournament is open again; ratings are computed without it.',
  'flash.ratingsImported': 'Ratings imported: {n}; every rating is computed again.',
  'job.title.ratings.import': 'Rating list import',
  'job.title.ratings.recompute': 'Rating recalculation',
  'job.title.tournament.import': 'Tournament import',
  'job.title.players.import': 'Players CSV import',
  'job.title.tsh.import': 'TSH file import',
  'job.running':
    'The work runs on the server; this page follows it, and the site keeps answering everyone meanwhile.',
  'job.progress': 'Done: {percent} %',
  'job.phase.queued': 'Waiting for its turn…',
  'job.phase.read': 'Reading…',
  'job.phase.match': 'Persons matched: {done} of {total} lines',
  'job.phase.persons': 'New persons added to the registry: {done} of {total}',
  'job.phase.write': 'Written: {done} of {total}',
  'job.phase.recompute': 'Computing every rating again…',
  'job.phase.verify': 'Score sheets verified again: {done} of {total}',
  'job.phase.store': 'Storing: round {done} of {total}',
  'job.phase.register': 'Players registered: {done} of {total}',
  'job.phase.results': 'Results written: {done} of {total}',
  'job.done.ratings.import':
    'Ratings imported: {imported}; persons with a rating: {persons}. Every rating is computed again.',
  'job.done.ratings.recompute':
    'Ratings computed again: {tournaments} tournaments, {persons} persons.',
  'job.done.tournament.import': 'The tournament {name} is imported.',
  'job.done.players.import': 'Players imported: {imported}.',
  'job.done.tsh.import': 'The division {name} was imported from the TSH file: {players} players.',
  'job.refused': 'Nothing was stored: {message}',
  'job.refusedMany': 'Nothing was stored. Mistakes in all: {n}; they are listed below.',
  'job.failed': 'The job failed on the server; nothing was stored.',
  'job.lost': 'The server running this job stopped before its end; nothing was stored.',
  'job.back.ratings': 'Back to the rating list',
  'job.open.tournament': 'Open the tournament',
  'job.open.players': "The division's players",
  'err.PERSON_AMBIGUOUS':
    'Several persons of the registry have that name: choose who is registering.',
  'err.PERSON_REGISTERED': 'That person of the registry is registered in this division already.',
  'err.UNKNOWN_PERSON': 'That person is not in the registry.',
  'err.PERSONS_SHARE_DIVISION':
    'Those two persons play in one division: two players, not one person.',
  'err.RATING_LIST_CLASH':
    'Both persons have an imported rating in the same game: import the list again with one line for the person.',
  'err.FEDERATION_ID_TAKEN': 'Another person of the registry has that federation id.',
  'err.FEDERATION_ID_MISMATCH': 'The person chosen has another federation id.',
  'err.TOURNAMENT_CLOSED':
    'The tournament is closed: its results are final. Reopen it to change anything.',
  'err.TOURNAMENT_OPEN': 'The tournament is not closed.',
  'err.ALREADY_CLOSED': 'The tournament is closed already.',
  'form.country': 'Two or three capital letters, as the federation writes it ({examples}).',
  'form.federationId': 'Up to 20 letters, digits or dashes.',
  'err.ROUND_ROBIN_STARTED':
    'The round robin has started: its schedule is fixed by the players it started with.',
  'err.TOURNAMENT_FINISHED': 'All rounds are paired; a late entry has no round to join.',
  'err.DIVISION_EXISTS': 'The tournament already has a division with that name.',
  'err.TOURNAMENT_STARTED':
    'Rules, clock and bye spread cannot change once the first round is paired.',
  'err.ROUNDS_ALREADY_PAIRED': 'More rounds than that are already paired.',
  'err.ROUND_ALREADY_PAIRED': 'That round is already paired: enter the game as a forfeit.',
  'err.ROUND_NOT_PLANNED': 'The division has no such round.',
  'err.NOT_YET_JOINED': 'The player joins after that round.',
  'err.PLAYER_WITHDRAWN': 'The player has withdrawn; reinstate them first.',
  'err.ALREADY_RESTORED': 'This player has been restored already.',
  'err.PLAYER_HAS_GAMES':
    'The player is paired already, so cannot be removed; withdraw them instead.',
  'err.SEEDS_FIXED':
    "The round robin's schedule was drawn from the seeds, so they no longer change.",
  'err.ROUND_ROBIN_ABSENCE': "A round robin's schedule is fixed: enter the game as a forfeit.",
  'err.ROUND_IN_PROGRESS': 'The next round cannot be paired while games have no result: {where}.',
  'err.ALL_ROUNDS_PAIRED': 'Every planned round is paired.',
  'err.NOT_ENOUGH_PLAYERS': 'Pairing needs at least two active players.',
  'err.PAIRING_FAILED': 'The pairing program found no valid pairings.',
  'err.INVALID_PAIRINGS': 'Those pairings are not allowed.',
  'err.ROUND_PLAYED': 'The round has results already, so it cannot change.',
  'err.NOT_LAST_ROUND': 'Only the last round can be removed.',
  'err.NOT_IN_ROUND': 'The player chosen is not in this round.',
  'err.STALE_VERSION':
    "Someone changed this game's result in the meantime. Open the page again and check.",
  'err.CONCURRENT_UPDATE': 'The result was just changed elsewhere. Open the page again.',
  'err.SIGN_IN_THROTTLED':
    'Too many failed sign-ins for this account or from this address. Try again in {wait}, or sign in on a device you have signed in on before.',
  'time.seconds': '{n} s',
  'time.minutes': '{n} min',
  'err.SETTINGS_STALE':
    "Someone changed the division's settings since you opened the page (now → yours: {changes}). The form still has your values: save them again if they still stand.",
  'err.IF_MATCH_REQUIRED':
    'The form does not say which version it changed. Open the page again and make the change.',
  'err.RESULT_EXISTS': 'The game has a result already. Open the page again to see and correct it.',
  'err.GAME_IS_BYE': 'This is a bye: it takes no result.',
  'err.TIME_LOSS_UNCLEAR': 'It is not clear whose time ran out: mark who lost on time.',
  'err.NO_GAME_CLOCK': 'This game has no clock for the whole game, so nobody loses it on time.',
  'err.CLOCK_ABOVE_START':
    'The remaining time {clock} is more than the {start} each player starts the game with: check the clock.',
  'err.TIE_BREAK_FIGURE_NEEDED':
    'The scores are equal ({scores}), and the rules then go by {figure}: enter it for both players.',
  'err.TIE_BREAK_FIGURE_UNUSED': "This game's rules decide nothing by {figure}.",
  'tableForm.help':
    "Enter each player's final score, in the order they played. The game's rules decide the places.",
  'tableForm.cardsNeeded': '{names} have equal scores: enter the cards each took.',
  'tableForm.targetFirstNeeded':
    '{names} have equal scores at or past the target: mark who reached it first.',
  'err.RESULT_CONTRADICTS_SHEET':
    'The result contradicts the verified score sheet ({differences}). Correct the sheet.',
  'err.SHEET_PRESENT': 'The game has a score sheet; its result changes through the sheet.',
  'err.NO_RESULT': 'The game has no result.',
  'err.SHEET_RULES_MISMATCH': "The sheet is for '{sheet}' but the tournament plays '{rules}'.",
  'err.SHEET_RULES_CHOSEN':
    "The sheet is for '{sheet}' but '{rules}' is chosen: choose the sheet's rules above.",
  'err.SHEET_OPTIONS_MISMATCH': "The sheet's options differ from the tournament's.",
  'err.SHEET_PLAYERS_MISMATCH':
    'The sheet is for {got}, but this game is {expected} ({first} moves first).',
  'err.SHEET_PLAYERS_SWAPPED':
    'The sheet lists the players the other way round: {first} moved first, so they come first in "players".',
  'err.WORD_UNREADABLE': 'A word cannot be read under these rules: {detail}',
  'err.NO_WORD_LIST': 'There is no word list for these rules.',
  'err.UNKNOWN_RULE_SET': 'Unknown rule set.',
  'err.INVALID_OPTIONS': 'The options do not fit the rule set.',
  'err.BODY_TOO_LARGE':
    'The data sent is larger than {limit}, the most this page takes; nothing of it was saved.',
  'err.TOO_MANY_FIELDS':
    'The form has more than {limit} fields, the most this page takes (a score sheet has at most 200 rows); nothing of it was saved.',
  'err.BODY_TOO_DEEP': 'The data sent nests more than {limit} levels deep; nothing was saved.',
  'err.BAD_FORM': 'The form cannot be read; nothing was saved.',
  'err.UNSUPPORTED_MEDIA_TYPE': 'This page does not take data of that kind.',
  'err.BAD_ROUND': 'The parameter “round” must be a whole number from {min}.',
  'err.ROUND_OUT_OF_RANGE':
    'The parameter “round” must be from {min} to {max}: {max} rounds are paired.',
  'err.other': 'The request was refused.',

  'sheet.json.InvalidSymbol': 'unknown symbol',
  'sheet.json.InvalidNumberFormat': 'bad number',
  'sheet.json.PropertyNameExpected': 'a field name in double quotes expected',
  'sheet.json.ValueExpected': 'a value expected',
  'sheet.json.ColonExpected': 'a colon expected',
  'sheet.json.CommaExpected': 'a comma expected',
  'sheet.json.CloseBraceExpected': 'a closing brace } expected',
  'sheet.json.CloseBracketExpected': 'a closing bracket ] expected',
  'sheet.json.EndOfFileExpected': 'more text after the end of the sheet',
  'sheet.json.InvalidCommentToken': 'comments are not allowed',
  'sheet.json.UnexpectedEndOfComment': 'a comment is not closed',
  'sheet.json.UnexpectedEndOfString': 'a quote is not closed',
  'sheet.json.UnexpectedEndOfNumber': 'a number is cut off',
  'sheet.json.InvalidUnicode': 'bad Unicode character',
  'sheet.json.InvalidEscapeCharacter': 'bad backslash (\\) escape in a text',
  'sheet.json.InvalidCharacter': 'a character not allowed in a text',
  'sheet.json.empty': 'the sheet is empty',
  'sheet.json.notSheet':
    'this is not a sheet: JSON starts with a brace {, GCG with #; paste the sheet in one of those',
  'sheet.json.other': 'the text is not valid JSON',
  'sheet.json.tooDeep': 'lists and objects nest more than {max} levels deep',
  'sheet.at.field': 'field “{field}”',
  'sheet.at.player': 'player {name}',
  'sheet.at.entry': 'entry {n}',
  'sheet.at.document': 'the sheet',
  'sheet.gcg': 'GCG, line {line}: {message}',
  'sheet.gcgWhole': 'GCG: {message}',
  'sheetProblem.UNKNOWN_FIELD': 'unknown field "{field}" (put other details under "{meta}")',
  'sheetProblem.FIELD_NOT_FOR_RULES': 'this field does not apply to {rules}',
  'sheetProblem.FORMAT': 'format must be {format}',
  'sheetProblem.RULES': 'name the rules of the game, e.g. {rulesExample}',
  'sheetProblem.RULES.given': 'unknown rules {given}',
  'sheetProblem.PLAYERS': 'players must be a list of names in turn order',
  'sheetProblem.PLAYER_COUNT': 'this game has {allowed} players, the sheet names {count}',
  'sheetProblem.PLAYER_NAME': "a player's name must not be empty",
  'sheetProblem.TURNS': 'turns must be a list',
  'sheetProblem.TURN_OBJECT': 'a turn must be an object',
  'sheetProblem.PLAYER_INDEX': 'a player is given by a number from 0 to {max}',
  'sheetProblem.TURN_KIND': 'a turn must have exactly one of the fields {kinds}',
  'sheetProblem.PLAY_TEXT':
    'a play is written as text: the position, a space and the word, e.g. {playExample}',
  'sheetProblem.WHOLE_NUMBER': 'must be a whole number',
  'sheetProblem.CLOCK': 'a clock is written mm:ss (e.g. "28:40")',
  'sheetProblem.END_OBJECT': 'the end of the game must be an object',
  'sheetProblem.PER_PLAYER': 'must be a list with one entry for each player ({count})',
  'sheetProblem.PASS_TRUE': 'a pass is written as {passValue}',
  'sheetProblem.EXCHANGE': 'an exchange is the number of tiles exchanged or the tiles themselves',
  'sheetProblem.CHALLENGE_OBJECT':
    'a challenge says who made it and how it was ruled, e.g. {challengeExample}',
  'sheetProblem.CHALLENGE_NOT_PLAY': 'only a play can be challenged',
  'sheetProblem.CHALLENGE_OWN': 'a player cannot challenge their own play',
  'sheetProblem.CHALLENGE_VALID':
    'the ruling is {valid} (the word is valid) or {invalid} (it is not)',
  'sheetProblem.CHALLENGE_BONUS':
    'a bonus is a whole number of points, only on a challenge ruled valid',
  'sheetProblem.END_REASON': 'the end of the game must be one of: {reasons}',
  'sheetProblem.CLAIMED_OBJECT': 'the final scores written are given as {claimedExample}',
  'sheetProblem.RACK_TEXT': 'tiles are written as text (? for a joker)',
  'sheetProblem.RACK_LETTER':
    '“{written}”: “{character}” at character {position} is not a letter of this game',
  'sheetProblem.RACK_SIZE': '“{written}” holds {count} tiles; a rack holds {min} to {max}',
  'gcgProblem.NOT_A_LINE': '"{text}" is neither a pragma (#…) nor an event (>nick: …)',
  'gcgProblem.NO_COLON': "an event needs the player's nickname followed by a colon (>nick: …)",
  'gcgProblem.EMPTY_EVENT': 'the event is empty',
  'gcgProblem.NOT_A_MOVE': '"{text}" is not a move: expected RACK POSITION WORD +score total',
  'gcgProblem.UNKNOWN_PLAYER': '"{nick}" is not a player of this game ({players})',
  'gcgProblem.NO_PLAYERS': 'a GCG record needs both players ({pragmas})',
  'gcgProblem.PLAYER_PRAGMA': "{pragma} needs the player's nickname, then the name",
  'gcgProblem.NEEDS_POINTS': '"{event}" needs its points (with + or −) and the total',
  'gcgProblem.WITHOUT_MOVE': '"{event}" does not follow a move of {nick}',
  'gcgProblem.TIME_PENALTY': 'points off for going over time ({time}) are not a rule of {rules}',
  'gcgProblem.NOT_FOR_RULES':
    '{pragma}: {means}, not a game of {rules}, the rule set the record is read with',
  'gcgProblem.UNKNOWN_GAME_TYPE':
    '{pragma}: "{value}" is not a game type Arbiter knows; it reads {classic} ({recorders}) or a rule set of Arbiter ({ids})',
  'gcgProblem.UNKNOWN_LEXICON':
    '{pragma}: "{value}" is not a lexicon Arbiter can check; it reads English ones ({lexiconsEn}) and French ones ({lexiconsFr})',
  'gcgProblem.UNKNOWN_TILES':
    '{pragma}: "{value}" is not the tile set of any rule set of Arbiter; it reads {known}',
  'gcgProblem.UNKNOWN_BOARD':
    '{pragma}: "{value}" is not the board of any rule set of Arbiter; it reads {crosswordGame} (the 15x15 Scrabble board)',
  'gcgProblem.NOT_A_RULE_SET': '{pragma}: "{id}" is not a rule set of Arbiter ({ids})',
  'gcgProblem.CARD_GAME': '{name} is a card game: GCG records crossword games',
  'gcgProblem.RACK_UNREADABLE':
    '{pragma}: the rack "{rack}" cannot be read (letters of the game, ? for a blank)',
  'gcgProblem.END_RACK_DIFFERS': "{pragma}: the record's end lines leave {player} {left}",
  gcgVariant:
    '{pragma}: "{value}" is a variant Arbiter does not verify; it reads {classic} ({recorders}) or a rule set of Arbiter ({ids})',
  'gcgProblem.PRAGMA_AFTER':
    '{arbiterClock} and {arbiterChallenge} belong after a turn, not after this line',
  'gcgProblem.TIME_EXPIRED_PLAYER': '{timeExpiredPragma} "{nick}" is not a player of this game',
  'gcgProblem.ARBITER_PRAGMA': '{pragma} cannot be read',
  'gcgTimeExpired.sameNick':
    '{timeExpiredPragma} "{nick}" cannot tell the players apart: both have that nickname',
  'gcgArbiter.rule-set': '{pragma} needs the id of a rule set, e.g. {rulesExample}',
  'gcgArbiter.after-event': '{pragma} must follow the event of its turn',
  'gcgArbiter.clock': '{pragma}: "{value}" is not a clock reading (mm:ss)',
  'gcgArbiter.after-move': '{pragma} must follow a move',
  'gcgArbiter.valid': '{pragma}: "{value}": only {validPragma} is written',
  'gcgArbiter.json-object': '{pragma} must be a JSON object',
  'gcgArbiter.end-reason': '{pragma}: "{value}" is not one of {reasons}',
  'gcgArbiter.end-clocks': '{pragma} needs a clock (mm:ss) or - for each player',
  'gcgArbiter.nickname': "{pragma} needs the player's nickname",
  'gcgLeft.rack': 'holding {rack}',
  'gcgLeft.empty': 'with an empty rack',
  'gcgMeans.classic': 'the classic game',
  'gcgMeans.rule-set': 'the rule set {id}',
  'gcgMeans.lexicon-en': 'an English lexicon',
  'gcgMeans.lexicon-fr': 'a French lexicon',
  'gcgMeans.tiles-en': 'the English Scrabble tiles',
  'gcgMeans.tiles-fr': 'the French Scrabble tiles',
  'gcgMeans.board-scrabble': 'the 15x15 Scrabble board',

  'backup.title': 'Backups',
  'backup.intro':
    'Arbiter backs up the database after every round is paired and whenever you ask; the server keeps running meanwhile. It keeps the latest {keep} in the folder {folder} and deletes older ones.',
  'backup.take': 'Take a backup now',
  'backup.taken': 'Backup taken: {name}.',
  'backup.when': 'When',
  'backup.why': 'Why',
  'backup.size': 'Size',
  'backup.download': 'Download',
  'backup.none':
    'No backups yet. The first is taken when a round is paired or when you press the button.',
  'backup.reason.manual': 'on demand',
  'backup.reason.round-paired': 'after a round was paired',
  'backup.reason.before-restore': 'the database before a restore',
  'backup.restoreTitle': 'Restoring a backup',
  'backup.restore': 'Stop the server, then run in the program folder:',
  'backup.restoreAfter':
    'The backup is checked first, and the database as it was is kept as a new backup, so nothing is lost. Then start the server again:',
  'backup.postgres':
    'The database is on a database server, not in a file: that server’s own tool backs it up, not Arbiter. A backup:',
  'backup.postgresRestore': 'To restore a backup into an empty database:',
};

const TABLES = inThreeLanguages<PageMessageKey>(srLatn, en);

/** A page message in a language with its `{placeholders}` filled in. */
export function pt(
  lang: Lang,
  key: PageMessageKey,
  params?: Readonly<Record<string, string | number>>,
): string {
  return fillParams(TABLES[lang][key], params);
}

/** True when the table has a key (for keys built from error codes). */
export function isPageMessageKey(key: string): key is PageMessageKey {
  return Object.prototype.hasOwnProperty.call(srLatn, key);
}

/** Every table, for the test that compares their keys. */
export const PAGE_TABLES = TABLES;
