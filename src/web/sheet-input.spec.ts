import { readFileSync } from 'fs';
import { join } from 'path';
import { readSheetInput } from './sheet-input';

const PLAYERS = '#player1 ana Ana Petrović\n#player2 bora Bora Ilić\n';
const KVIZOVKA = { rules: 'kvizovka' };
const SCRABBLE = { rules: 'scrabble-en' };

/** What the judge's page says of a GCG record that cannot be imported, in `lang`. */
function refusal(gcg: string, lang: 'sr-Latn' | 'sr-Cyrl' | 'en', terms = KVIZOVKA): string {
  const read = readSheetInput(gcg, lang, terms);
  if (read.ok) throw new Error(`read: ${gcg}`);
  return read.message;
}

/**
 * Each mistake a GCG record can have that the engine tells as data: what the Serbian page says,
 * and a piece of the English, with the record's own text (pragmas, nicknames, racks) as written.
 */
const CASES: { what: string; gcg: string; terms?: { rules: string }; sr: string; en: string }[] = [
  {
    what: 'a player pragma with no nickname',
    gcg: '#player1\n#player2 bora Bora\n',
    sr: 'GCG: #player1 treba nadimak igrača, pa ime i prezime',
    en: "#player1 needs the player's nickname",
  },
  {
    what: 'a withdrawn move without its points',
    gcg: `${PLAYERS}>ana: KUCA 8H KUCA +10 10\n>ana: --\n`,
    sr: 'GCG: posle „--” idu poeni (sa + ili −) i zbir',
    en: '"--" needs its points (with + or −) and the total',
  },
  {
    what: 'an exchange without its points',
    gcg: `${PLAYERS}>ana: ABCDEFG -ABC\n`,
    sr: 'posle „-ABC” idu poeni (sa + ili −) i zbir',
    en: '"-ABC" needs its points',
  },
  {
    what: 'a challenge bonus that follows no move',
    gcg: `${PLAYERS}>ana: (challenge) +5 5\n`,
    sr: 'GCG: „(challenge)” ne sledi potez igrača ana',
    en: '"(challenge)" does not follow a move of ana',
  },
  {
    what: 'a time penalty',
    gcg: `${PLAYERS}>ana: (time) -10 -10\n`,
    sr: 'GCG: kazna u poenima za prekoračenje vremena ((time)) nije pravilo igre Kvizovka',
    en: 'points off for going over time ((time)) are not a rule of Kvizovka',
  },
  {
    what: 'an English lexicon for a Kvizovka game',
    gcg: `#lexicon CSW21\n${PLAYERS}`,
    sr: 'GCG: #lexicon CSW21: engleski rečnik, a zapis se proverava po pravilima Kvizovka',
    en: '#lexicon CSW21: an English lexicon, not a game of Kvizovka',
  },
  {
    what: 'French tiles for an English game',
    gcg: `#tile-distribution french\n${PLAYERS}`,
    terms: SCRABBLE,
    sr: '#tile-distribution french: pločice francuskog Skrebla, a zapis se proverava po pravilima',
    en: '#tile-distribution french: the French Scrabble tiles, not a game of',
  },
  {
    what: "another rule set named by Arbiter's own pragma",
    gcg: `#arbiter-rules scrabble-fr\n${PLAYERS}`,
    sr: '#arbiter-rules scrabble-fr: pravila scrabble-fr, a zapis se proverava po pravilima Kvizovka',
    en: '#arbiter-rules scrabble-fr: the rule set scrabble-fr, not a game of Kvizovka',
  },
  {
    what: 'a game type no rule set has',
    gcg: `#game-type bingo\n${PLAYERS}`,
    sr: '#game-type bingo: „bingo” nije vrsta igre koju Arbiter poznaje; čita classic (Macondo, Woogles) ili pravila Arbitra (scrabble-en,',
    en: '"bingo" is not a game type Arbiter knows',
  },
  {
    what: 'a variant Arbiter does not verify',
    gcg: `#game-type wordsmog\n${PLAYERS}`,
    sr: '#game-type wordsmog: „wordsmog” je varijanta koju Arbiter ne proverava',
    en: '"wordsmog" is a variant Arbiter does not verify',
  },
  {
    what: 'a lexicon of no language Arbiter checks',
    gcg: `#lexicon DSW\n${PLAYERS}`,
    sr: '#lexicon DSW: Arbiter ne može da proveri reči po rečniku „DSW”; čita engleske (NWL…',
    en: '"DSW" is not a lexicon Arbiter can check',
  },
  {
    what: 'an unknown tile set',
    gcg: `#tile-distribution german\n${PLAYERS}`,
    sr: '„german” nisu pločice nijednih pravila Arbitra; čita english, french',
    en: '"german" is not the tile set of any rule set of Arbiter; it reads english, french',
  },
  {
    what: 'an unknown board',
    gcg: `#board-layout Hexagonal\n${PLAYERS}`,
    sr: '„Hexagonal” nije tabla nijednih pravila Arbitra; čita CrosswordGame, standard15 (tablu Skrebla 15x15)',
    en: 'it reads CrosswordGame, standard15 (the 15x15 Scrabble board)',
  },
  {
    what: 'a documented board no rule set has: the 21x21 super board',
    gcg: `#board-layout SuperCrosswordGame\n${PLAYERS}`,
    sr: '„SuperCrosswordGame” je super tabla 21x21, a nju nemaju nijedna pravila Arbitra; čita CrosswordGame, standard15',
    en: '"SuperCrosswordGame" is the 21x21 super board, which no rule set of Arbiter has',
  },
  {
    what: 'a documented board no rule set has: 15x15 without the centre double word',
    gcg: `#board-layout CrosswordGameGmo\n${PLAYERS}`,
    sr: '„CrosswordGameGmo” je tabla 15x15 bez dvostruke reči na središnjem polju',
    en: '"CrosswordGameGmo" is the 15x15 board without the double word on the centre square',
  },
  {
    what: 'a rule set Arbiter does not have',
    gcg: `#arbiter-rules chess\n${PLAYERS}`,
    sr: '#arbiter-rules chess: „chess” nisu pravila Arbitra (scrabble-en,',
    en: '"chess" is not a rule set of Arbiter',
  },
  {
    what: 'a card game',
    gcg: `#arbiter-rules quivit\n${PLAYERS}`,
    sr: 'Quivit je igra kartama, a GCG beleži igre ukrštenih reči',
    en: 'Quivit is a card game: GCG records crossword games',
  },
  {
    what: 'a rack pragma that cannot be read',
    gcg: `${PLAYERS}#rack1 KU1A\n>ana: KUCA 8H KUCA +10 10\n`,
    terms: SCRABBLE,
    sr: '#rack1 KU1A: stalak „KU1A” se ne može pročitati (slova igre, ? za džokera)',
    en: '#rack1 KU1A: the rack "KU1A" cannot be read',
  },
  {
    what: 'a rack pragma the end lines contradict',
    gcg: `${PLAYERS}#rack2 QZ\n>ana: KUCA 8H KUCA +10 10\n>ana: (XY) +26 36\n`,
    terms: SCRABBLE,
    sr: '#rack2 QZ: po završnim redovima zapisa igraču Bora Ilić ostaje stalak XY',
    en: "#rack2 QZ: the record's end lines leave Bora Ilić holding XY",
  },
  {
    what: "Arbiter's clock pragma with no clock reading",
    gcg: `${PLAYERS}>ana: KUCA 8H KUCA +10 10\n#arbiter-clock pola sata\n`,
    terms: SCRABBLE,
    sr: 'GCG: #arbiter-clock: „pola sata” nije stanje sata (mm:ss)',
    en: '#arbiter-clock: "pola sata" is not a clock reading (mm:ss)',
  },
  {
    what: "Arbiter's end pragma with a reason it does not know",
    gcg: `${PLAYERS}>ana: KUCA 8H KUCA +10 10\n#arbiter-end umor\n`,
    terms: SCRABBLE,
    sr: 'GCG: #arbiter-end: „umor” nije jedno od: turns,',
    en: '#arbiter-end: "umor" is not one of turns,',
  },
  {
    what: "Arbiter's challenge pragma that is not 'valid'",
    gcg: `${PLAYERS}>ana: KUCA 8H KUCA +10 10\n#arbiter-challenge da\n`,
    terms: SCRABBLE,
    sr: 'GCG: #arbiter-challenge: „da”: piše se samo valid',
    en: '#arbiter-challenge: "da": only valid is written',
  },
  {
    what: 'a clock pragma after the end of the game',
    gcg: `${PLAYERS}>ana: KUCA 8H KUCA +10 10\n>ana: (XY) +26 36\n#arbiter-clock 20:00\n`,
    terms: SCRABBLE,
    sr: '#arbiter-clock i #arbiter-challenge idu posle poteza, a ne posle ovog reda',
    en: '#arbiter-clock and #arbiter-challenge belong after a turn, not after this line',
  },
  {
    what: 'a time loss named for someone who did not play',
    gcg: `${PLAYERS}>ana: KUCA 8H KUCA +10 10\n#arbiter-time-expired dule\n`,
    terms: SCRABBLE,
    sr: 'GCG: #arbiter-time-expired „dule”: nije igrač ove partije',
    en: '#arbiter-time-expired "dule" is not a player of this game',
  },
  {
    what: 'a time loss named by a nickname both players have (Quackle)',
    gcg: '#player1 ana Ana Petrović\n#player2 ana Ana Ilić\n>ana: KUCA 8H KUCA +10 10\n#arbiter-time-expired ana\n',
    terms: SCRABBLE,
    sr: '#arbiter-time-expired „ana”: oba igrača imaju taj nadimak, pa se ne zna na koga se odnosi',
    en: '#arbiter-time-expired "ana" cannot tell the players apart',
  },
];

describe('a GCG record that cannot be imported, told in the page’s language', () => {
  it.each(CASES)('$what', ({ gcg, terms, sr, en }) => {
    const serbian = refusal(gcg, 'sr-Latn', terms);
    expect(serbian).toContain(sr);
    // Nothing of the engine's English is left on a Serbian page.
    expect(serbian).not.toMatch(/\b(needs|is not|does not|the rule set|lexicon Arbiter|holding)\b/);
    expect(refusal(gcg, 'en', terms)).toContain(en);
    // The Cyrillic page writes its own words in Cyrillic, the record's text as written.
    const cyrillic = refusal(gcg, 'sr-Cyrl', terms);
    expect(cyrillic).toMatch(/[а-џ]/);
    for (const quoted of sr.match(/#[\w-]+(?: [^\s:]+)?(?=:)/g) ?? [])
      expect(cyrillic).toContain(quoted);
  });

  it('an empty rack at the end is said in words', () => {
    // Ana goes out: the end lines leave her nothing, where her rack pragma says AB.
    const gcg = `${PLAYERS}#rack1 AB\n>ana: KUCA 8H KUCA +10 10\n>ana: (XY) +26 36\n`;
    expect(refusal(gcg, 'sr-Latn', SCRABBLE)).toContain(
      'po završnim redovima zapisa igraču Ana Petrović ostaje prazan stalak',
    );
    expect(refusal(gcg, 'en', SCRABBLE)).toContain('leave Ana Petrović with an empty rack');
  });
});

/** A sheet as JSON, any of its fields written wrong. */
interface LooseSheet {
  turns: Record<string, unknown>[];
  end?: Record<string, unknown>;
  claimed?: unknown;
}

describe('a pasted JSON sheet whose structure is wrong names the line and the field, not the engine’s path', () => {
  /** The carried-total Kvizovka sheet written out as a judge pastes it, with one field changed. */
  const pasted = (change: (doc: LooseSheet) => void) => {
    const doc = JSON.parse(
      readFileSync(
        join(__dirname, '../../test/fixtures/kvizovka/24-carried-total.sheet.json'),
        'utf8',
      ),
    ) as LooseSheet;
    change(doc);
    return JSON.stringify(doc, null, 2);
  };
  const lineOf = (text: string, needle: string) =>
    text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  const read = (text: string, lang: 'sr-Latn' | 'sr-Cyrl' | 'en') => {
    const input = readSheetInput(text, lang, KVIZOVKA);
    if (input.ok) throw new Error('read');
    return input;
  };

  it('a rack at the end that is not text: its line, the field as written and the player', () => {
    const text = pasted((d) => (d.end = { ...d.end, racks: [1634, ''] }));
    const line = lineOf(text, '1634');
    const name = (JSON.parse(text) as { players: string[] }).players[0];
    const said = {
      'sr-Latn': `Red ${line}, polje „end.racks”, igrač ${name}: pločice se pišu kao tekst (? je džoker)`,
      'sr-Cyrl': `Ред ${line}, поље „end.racks”, играч ${name}: плочице се пишу као текст (? је џокер)`,
      en: `Line ${line}, field “end.racks”, player ${name}: tiles are written as text (? for a joker)`,
    };
    for (const lang of ['sr-Latn', 'sr-Cyrl', 'en'] as const) {
      const input = read(text, lang);
      expect([input.message, input.line, input.located]).toEqual([said[lang], line, true]);
      expect(input.message).not.toContain('end.racks[0]');
    }
  });

  it('a turn’s score that is no number: the line, the turn as a judge counts them, the field', () => {
    const text = pasted((d) => (d.turns[2].score = 'dvanaest'));
    const line = lineOf(text, 'dvanaest');
    expect(read(text, 'sr-Latn').message).toBe(
      `Red ${line}, 3. potez, polje „score”: mora biti ceo broj`,
    );
    expect(read(text, 'en').message).toBe(
      `Line ${line}, turn 3, field “score”: must be a whole number`,
    );
  });

  it('a rack with a letter of no game, and the finals as one list a player', () => {
    const text = pasted((d) => {
      d.turns[0].rack = 'AB1';
      d.claimed = { final: [1, 'x'] };
    });
    const input = read(text, 'sr-Latn');
    expect(input.problems!.map((p) => p.text)).toEqual([
      `Red ${lineOf(text, 'AB1')}, 1. potez, polje „rack”: „AB1”: „1” na 3. mestu nije slovo ove igre`,
      `Red ${lineOf(text, '"final"')}, polje „claimed.final”: mora biti lista sa po jednom vrednošću za svakog igrača (2)`,
    ]);
  });
});
