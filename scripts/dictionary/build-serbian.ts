/**
 * Builds `data/dictionaries/sr-kvizovka.dawg.gz`, the Kvizovka word list,
 * from Debian's `hunspell-sr` package (LibreOffice's Serbian dictionary).
 *
 *   npx tsc -p scripts/dictionary && node dist/scripts/dictionary/build-serbian.js
 *
 * Options: `--deb FILE` uses a downloaded hunspell-sr .deb instead of running
 * `apt-get download hunspell-sr`; `--work DIR` is where the package is
 * unpacked (default `dist/dictionary-build`); `--dump DIR` writes one text
 * file per kept and dropped category there (Cyrillic, sorted), for review.
 *
 * Steps (each one is explained where it is done; `README.md` beside this file
 * has the numbers the last run printed):
 *
 *  1. Fetch and unpack the package: `apt-get download hunspell-sr`,
 *     `dpkg-deb -x`. Read the Cyrillic `sr_RS.aff` and `sr_RS.dic` (Cyrillic
 *     spells Љ Њ Џ as one letter each, so every letter is exactly one tile).
 *  2. Classify every affix class (flag) of the .aff by the forms it makes:
 *     adjective declension, comparative, noun declension, verb conjugation,
 *     derived adjective, pronoun/numeral paradigm; two prefixes (не-, нај-).
 *  3. Walk the .dic entries and keep, by the Kvizovka rules ("Valid Words" in
 *     `shared/rules/kvizovka.md`):
 *       nouns: the stem only (nominative singular; the .dic stem is the lemma);
 *       verbs: the stem only when it is an infinitive (-ти/-ћи); the .dic has
 *         no reflexive "се" entries, so nothing reflexive gets in;
 *       adjectives: every gender/number/case form of the positive degree,
 *         with не- where the .dic allows it; comparative and superlative
 *         (нај-) forms dropped;
 *       pronouns and numerals: every form;
 *     and refuse: capitalised entries (proper nouns, abbreviations such as
 *     САД), Latin-script entries (Roman numerals), entries with a hyphen or an
 *     apostrophe, and uninflected entries that are neither pronouns nor
 *     numerals (adverbs, prepositions, conjunctions, particles, interjections,
 *     lone prefixes, abbreviations, verbal adverbs in -ћи).
 *  4. Apply `serbian-overrides.txt` (+WORD adds, -WORD removes, each with a reason).
 *  5. Transliterate to tile keys (Latin, Ǉ Ǌ Ǆ for the digraph tiles), drop
 *     words of fewer than 2 tiles, pack as a DAWG, write the list, its stats
 *     and its licence notice, and check the rule book's examples.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULE_BOOK_ACCEPTED, RULE_BOOK_REFUSED } from '../../src/dictionary/rule-book-examples';
import { readSerbianWord, SERBIAN_TILE_KEYS, toTileKey } from '../../src/dictionary/tile-key';
import { dictionariesDir, parseArgs, repoRoot, sha256, writeDictionary } from './common';
import { AffixClass, applyClass, DicEntry, parseAff, parseDic } from './hunspell';

const LIST_ID = 'sr-kvizovka';
/** The package version the flag study below was made on. Another version still builds, with a warning. */
const STUDIED_VERSION = '1:7.5.0-1';

// ---------------------------------------------------------------------------
// Step 1: the source files
// ---------------------------------------------------------------------------

interface Source {
  aff: string;
  dic: string;
  version: string;
  deb: string;
  /** Where the package was unpacked (its root: usr/…). */
  unpacked: string;
}

function fetchSource(args: Map<string, string>): Source {
  const work = path.resolve(args.get('work') ?? path.join(repoRoot(), 'dist', 'dictionary-build'));
  fs.mkdirSync(work, { recursive: true });
  let deb = args.get('deb');
  if (deb) {
    deb = path.resolve(deb);
  } else {
    // Needs Debian's package lists: run `apt-get update` once on a fresh machine.
    console.log(`apt-get download hunspell-sr (in ${work})`);
    for (const old of fs.readdirSync(work))
      if (/^hunspell-sr_.*\.deb$/.test(old)) fs.rmSync(path.join(work, old));
    try {
      execFileSync('apt-get', ['download', 'hunspell-sr'], {
        cwd: work,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    } catch {
      throw new Error(
        'apt-get download hunspell-sr failed; run `apt-get update` first, or pass --deb FILE',
      );
    }
    const found = fs.readdirSync(work).filter((f) => /^hunspell-sr_.*\.deb$/.test(f));
    if (found.length !== 1)
      throw new Error(`expected one hunspell-sr .deb in ${work}, found ${found.length}`);
    deb = path.join(work, found[0]);
  }
  const version = execFileSync('dpkg-deb', ['-f', deb, 'Version'], { encoding: 'utf8' }).trim();
  const unpacked = path.join(work, 'unpacked');
  fs.rmSync(unpacked, { recursive: true, force: true });
  execFileSync('dpkg-deb', ['-x', deb, unpacked]);
  const dir = path.join(unpacked, 'usr', 'share', 'hunspell');
  return {
    aff: path.join(dir, 'sr_RS.aff'),
    dic: path.join(dir, 'sr_RS.dic'),
    version,
    deb,
    unpacked,
  };
}

// ---------------------------------------------------------------------------
// Step 2: what each affix class (flag) is
// ---------------------------------------------------------------------------

/**
 * sr_RS carries no part-of-speech tags: a stem's flags are all there is. Each
 * SFX flag is one paradigm, and what it makes tells what it is:
 *
 * - `comparative`: any SFX flag found on an entry that also has the нај-
 *   prefix flag. In 7.5.0 these are flags 988–1056 (лепши, бољи, већи …); none
 *   of them ever appears without нај-.
 * - `adjective`: makes the stem itself and a full adjective declension
 *   (some S with S+их, S+им, S+ог or S+ег, and S+ој): леп/758 → леп лепа лепо лепог …
 * - `derived-adjective`: a full adjective declension of another lemma, not the
 *   stem: possessives (абаџија/1215 → абаџијин …, пас/1285 → псов …) and
 *   relational adjectives (београд/1067 → београдски …). Positive degree: kept.
 * - `verb`: a conjugation (l-participle S+ла S+ли S+ло with a present or future
 *   form, or S+мо S+те with S+м or S+ш): трчати/1372 → трчим трчао …
 * - `noun`: makes the stem and other forms, none of the above: кућа/1 → куће кући …
 * - `derived-noun`: makes forms without the stem: demonyms of capitalised place
 *   names (Абердин/537 → Абердинац …) and a few nouns whose class leaves the
 *   nominative out (радио/55 → радија радију …). The stem is a nominative.
 * - `pronoun-numeral`: flags 1879–1903 (checked below by the lemmas that use them):
 *   ordinals (први, трећи …), collective numerals (двојица, петори, десетак) and
 *   pronouns (ко, шта, мене, ти, себе, мој, овај, онај, тај, сав …).
 */
type FlagClass =
  | 'comparative'
  | 'adjective'
  | 'derived-adjective'
  | 'verb'
  | 'noun'
  | 'derived-noun'
  | 'pronoun-numeral';

const PRONOUN_NUMERAL_FLAGS = { first: 1879, last: 1903 };
/** Lemmas that must carry a flag of the pronoun/numeral range, as a check that the range is right. */
const PRONOUN_NUMERAL_CHECKS: Array<[string, string]> = [
  ['први', 'прва'], ['трећи', 'трећег'], ['двојица', 'двојице'], ['ко', 'кога'], ['шта', 'што'],
  ['мене', 'мени'], ['ти', 'тебе'], ['себе', 'собом'], ['мој', 'моја'], ['овај', 'ово'],
  ['онај', 'оно'], ['тај', 'то'], ['сав', 'сва'], ['ниједан', 'ниједна'], ['његов', 'његова'],
]; // prettier-ignore

function isAdjectiveDeclension(forms: Set<string>): boolean {
  for (const f of forms) {
    if (!f.endsWith('их')) continue;
    const s = f.slice(0, -2);
    if (forms.has(s + 'им') && (forms.has(s + 'ог') || forms.has(s + 'ег')) && forms.has(s + 'ој'))
      return true;
  }
  return false;
}

function isConjugation(forms: Set<string>): boolean {
  for (const f of forms) {
    if (f.endsWith('ла')) {
      const s = f.slice(0, -2);
      if (forms.has(s + 'ли') && forms.has(s + 'ло')) {
        for (const g of forms) if (/(ћу|мо)$/.test(g)) return true;
      }
    }
    if (f.endsWith('мо')) {
      const s = f.slice(0, -2);
      if (forms.has(s + 'те') && (forms.has(s + 'м') || forms.has(s + 'ш'))) return true;
    }
  }
  return false;
}

/** A stem without its homograph marker (`пасти__` → `пасти`). */
function clean(stem: string): string {
  return stem.replace(/_/g, '');
}

interface Classes {
  sfx: Map<string, FlagClass>;
  negation: string;
  superlative: string;
  /** Flags whose uses disagree (some entries look like one class, some like another). */
  mixed: string[];
}

function classifyFlags(classes: Map<string, AffixClass>, entries: DicEntry[]): Classes {
  let negation = '';
  let superlative = '';
  for (const cls of classes.values()) {
    if (cls.kind !== 'PFX') continue;
    const adds = cls.rules.map((r) => r.add).join(',');
    if (adds === 'не') negation = cls.flag;
    else if (adds === 'нај') superlative = cls.flag;
    else throw new Error(`unexpected prefix class ${cls.flag}: ${adds}`);
  }
  if (!negation || !superlative) throw new Error('the не- or нај- prefix class is missing');

  const comparative = new Set<string>();
  for (const e of entries)
    if (e.flags.includes(superlative))
      for (const f of e.flags) if (f !== superlative) comparative.add(f);

  const votes = new Map<string, Map<FlagClass, number>>();
  for (const e of entries) {
    for (const flag of e.flags) {
      const cls = classes.get(flag);
      if (!cls) throw new Error(`.dic line ${e.line}: unknown flag ${flag}`);
      if (cls.kind !== 'SFX') continue;
      const forms = new Set(applyClass(cls, e.stem));
      if (forms.size === 0) continue;
      const n = Number(flag);
      const withStem = forms.has(clean(e.stem));
      let c: FlagClass;
      if (n >= PRONOUN_NUMERAL_FLAGS.first && n <= PRONOUN_NUMERAL_FLAGS.last)
        c = 'pronoun-numeral';
      else if (comparative.has(flag)) c = 'comparative';
      else if (isAdjectiveDeclension(forms)) c = withStem ? 'adjective' : 'derived-adjective';
      else if (isConjugation(forms)) c = 'verb';
      else c = withStem ? 'noun' : 'derived-noun';
      const v = votes.get(flag) ?? new Map<FlagClass, number>();
      v.set(c, (v.get(c) ?? 0) + 1);
      votes.set(flag, v);
    }
  }
  const sfx = new Map<string, FlagClass>();
  const mixed: string[] = [];
  for (const [flag, v] of votes) {
    const ranked = [...v].sort((a, b) => b[1] - a[1]);
    sfx.set(flag, ranked[0][0]);
    if (ranked.length > 1)
      mixed.push(`${flag} (${ranked.map(([c, k]) => `${c} ${k}`).join(', ')})`);
  }
  for (const flag of comparative) {
    // The study found comparative flags only on entries with нај-; check it still holds.
    const alone = entries.find((e) => e.flags.includes(flag) && !e.flags.includes(superlative));
    if (alone)
      throw new Error(`comparative flag ${flag} also appears without нај- (line ${alone.line})`);
  }
  for (const [lemma, form] of PRONOUN_NUMERAL_CHECKS) {
    const ok = entries.some(
      (e) =>
        clean(e.stem) === lemma &&
        e.flags.some(
          (f) =>
            sfx.get(f) === 'pronoun-numeral' && applyClass(classes.get(f)!, e.stem).includes(form),
        ),
    );
    if (!ok) throw new Error(`pronoun/numeral check failed: ${lemma} → ${form}`);
  }
  return { sfx, negation, superlative, mixed };
}

// ---------------------------------------------------------------------------
// Step 3 (uninflected entries): pronouns and numerals among the .dic's bare stems
// ---------------------------------------------------------------------------

/**
 * Bare stems (no flags) carry no paradigm, so nothing tells a pronoun from an
 * adverb. Pronouns are a closed class: these are the pronoun forms that
 * sr_RS 7.5.0 lists bare (the rest of the pronouns have flags, above). A word
 * here that the .dic does not list is not added (this is a filter, not a source).
 */
const BARE_PRONOUNS = new Set([
  // personal: ја, он, оно, ми and the clitics
  'ја', 'он', 'оно', 'ми', 'га', 'му', 'је', 'ју', 'јој', 'им', 'их',
  // indefinite and negative forms listed bare
  'ишта', 'ишто', 'ничег', 'ничега', 'ничем', 'ничему', 'свега', 'свем', 'гдечега', 'гдјечега',
  'гдешто', 'гдјешто', 'погдешто', 'погдјешто', 'понешто',
  // -год pronouns (whoever, whatever …)
  'когод', 'штогод', 'будшто', 'будзашта', 'будзашто', 'чијагод', 'чијегод', 'чијигод',
  'какавгод', 'каквагод', 'каквогод', 'коликагод', 'коликигод', 'коликогод', 'којагод',
  'којегод', 'којигод',
]); // prettier-ignore

/**
 * Numerals are productive but regular: cardinals (пет, двадесетпет, триста),
 * approximate (двадесетак, стотинак), collective (петоро, двоје, обоје) and the
 * case forms of два/три/оба. Adverbs built on them (двапут, удвоје) do not match.
 */
const NUMERAL = (() => {
  const unit = 'један|два|три|четири|пет|шест|седам|осам|девет';
  const teen = '(?:једа|два|три|четр|пет|шес|седам|осам|девет)наест';
  const tens = '(?:два|три|четр|пе|шез|седам|осам|деве)?десет';
  const hundreds = 'сто|двеста|двјеста|триста|(?:четири|пет|шест|седам|осам|девет)сто';
  const cardinal = `(?:${tens})(?:${unit})?|${teen}|${unit}|${hundreds}`;
  const approximate = `(?:${tens}|${teen})ак|(?:две|три|четири|пет|шест|седам|осам|девет)?стотин(?:ак|јак)?|стотињак`;
  const collective =
    `(?:${tens}|${teen})(?:еро|оро)|(?:дв|тр|об|обадв)о(?:је|ја|ји|јег|јега|јем|јему|јим|јима|јих|јице|јици|јицом|јицу)` +
    '|четворо|четверо|петоро|петеро|шесторо|шестеро|седморо|седмеро|осморо|осмеро|деветоро|деветеро';
  const oblique =
    'двају|двама|двеју|двема|двије|двију|двјема|двога|двоме|двома|трију|трима|трога|троме|трома' +
    '|оба|обе|обје|обије|обију|обају|обама|обеју|обема|објема|обога|обоме|обома' +
    '|обадва|обадве|обадвије|обадвају|обадвама|обадвеју|обадвема|обадвију|обадвјема|обадвога|обадвоме|обадвома';
  return new RegExp(`^(?:${cardinal}|${approximate}|${collective}|${oblique})$`);
})();

// ---------------------------------------------------------------------------
// Step 3: walk the entries
// ---------------------------------------------------------------------------

type Kept = 'noun' | 'verb' | 'adjective' | 'derived-adjective' | 'pronoun-numeral';
type Dropped =
  | 'proper-noun-or-abbreviation'
  | 'latin-script'
  | 'noun-inflection'
  | 'verb-form'
  | 'verb-stem-not-infinitive'
  | 'comparative-superlative'
  | 'derivation-only-stem'
  | 'bare-verbal-adverb'
  | 'bare-other';

interface Walk {
  kept: Map<Kept, Set<string>>;
  dropped: Map<Dropped, Set<string>>;
  entries: { total: number; capitalised: number; latin: number; bare: number };
}

function walk(entries: DicEntry[], classes: Map<string, AffixClass>, flags: Classes): Walk {
  const kept = new Map<Kept, Set<string>>();
  const dropped = new Map<Dropped, Set<string>>();
  const keep = (k: Kept, w: string) => (kept.get(k) ?? kept.set(k, new Set()).get(k)!).add(w);
  const drop = (d: Dropped, w: string) =>
    (dropped.get(d) ?? dropped.set(d, new Set()).get(d)!).add(w);
  const counts = { total: entries.length, capitalised: 0, latin: 0, bare: 0 };
  const negation = classes.get(flags.negation)!;
  const superlative = classes.get(flags.superlative)!;

  for (const e of entries) {
    const stem = clean(e.stem);
    const sfx = e.flags.filter((f) => classes.get(f)!.kind === 'SFX');
    const hasNegation = e.flags.includes(flags.negation);
    const hasSuperlative = e.flags.includes(flags.superlative);
    // Every form the entry makes, as Hunspell would accept it (for the drop counts).
    const allForms = (): string[] => {
      const out = [stem];
      for (const f of sfx) out.push(...applyClass(classes.get(f)!, e.stem));
      for (const p of [hasNegation ? negation : null, hasSuperlative ? superlative : null]) {
        if (!p) continue;
        for (const w of [...out]) out.push(...applyClass(p, w));
      }
      return out.map(clean);
    };

    if (/\p{Script=Latin}/u.test(stem)) {
      counts.latin++;
      for (const w of allForms()) drop('latin-script', w);
      continue;
    }
    if (/^\p{Lu}/u.test(stem)) {
      // Proper nouns (Београд, Марко) and capitalised abbreviations (САД): with every form they make.
      counts.capitalised++;
      for (const w of allForms()) drop('proper-noun-or-abbreviation', w);
      continue;
    }
    if (sfx.length === 0) {
      counts.bare++;
      if (BARE_PRONOUNS.has(stem) || NUMERAL.test(stem)) keep('pronoun-numeral', stem);
      else if (/(ући|ећи)$/.test(stem)) drop('bare-verbal-adverb', stem);
      else drop('bare-other', stem);
      // A bare stem with only a prefix flag: the prefixed form follows the stem's fate.
      if (hasNegation && (BARE_PRONOUNS.has(stem) || NUMERAL.test(stem))) {
        for (const w of applyClass(negation, e.stem)) keep('pronoun-numeral', clean(w));
      }
      continue;
    }

    let stemKept = false;
    for (const flag of sfx) {
      const cls = classes.get(flag)!;
      const forms = applyClass(cls, e.stem).map(clean);
      const kind = flags.sfx.get(flag)!;
      switch (kind) {
        case 'comparative':
          for (const w of forms) drop('comparative-superlative', w);
          if (cls.cross && hasSuperlative) {
            for (const w of applyClass(cls, e.stem)) {
              for (const s of applyClass(superlative, w)) drop('comparative-superlative', clean(s));
            }
          }
          break;
        case 'adjective':
        case 'derived-adjective':
          for (const w of forms) keep(kind, w);
          if (cls.cross && hasNegation) {
            for (const w of applyClass(cls, e.stem)) {
              for (const n of applyClass(negation, w)) keep(kind, clean(n));
            }
          }
          if (kind === 'adjective') stemKept = true;
          break;
        case 'pronoun-numeral':
          keep('pronoun-numeral', stem);
          for (const w of forms) keep('pronoun-numeral', w);
          stemKept = true;
          break;
        case 'verb':
          // The stem is the lemma: the infinitive, unless the entry is a bare present
          // (шаљем, ћу). Some classes mangle their own infinitive (избећи/1656 makes
          // "избети", потресати/1648 "потрешути"), so the stem is not looked for in `forms`.
          if (/(ти|ћи)$/.test(stem)) {
            keep('verb', stem);
            stemKept = true;
          } else {
            drop('verb-stem-not-infinitive', stem);
          }
          for (const w of forms) if (w !== stem) drop('verb-form', w);
          break;
        case 'noun':
        case 'derived-noun':
          keep('noun', stem);
          stemKept = true;
          if (cls.cross && hasNegation)
            for (const n of applyClass(negation, e.stem)) keep('noun', clean(n));
          for (const w of forms) if (w !== stem) drop('noun-inflection', w);
          break;
      }
    }
    // A stem whose flags only derive other words (београд/1067 → београдски) is no word itself.
    if (!stemKept) drop('derivation-only-stem', stem);
    if (hasSuperlative)
      for (const w of applyClass(superlative, e.stem)) drop('comparative-superlative', clean(w));
  }
  return { kept, dropped, entries: counts };
}

// ---------------------------------------------------------------------------
// Step 4: overrides
// ---------------------------------------------------------------------------

interface Override {
  sign: '+' | '-';
  key: string;
  word: string;
  reason: string;
  line: number;
}

/** `serbian-overrides.txt`: `+WORD  reason` or `-WORD  reason`, Latin or Cyrillic; `#` comments. */
function readOverrides(file: string): Override[] {
  const out: Override[] = [];
  fs.readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((text, i) => {
      const line = text.trim();
      if (!line || line.startsWith('#')) return;
      const m = /^([+-])(\S+)\s+(.+)$/.exec(line);
      if (!m) throw new Error(`${file}:${i + 1}: expected "+WORD reason" or "-WORD reason"`);
      const read = readSerbianWord(m[2]);
      if (!read.ok) throw new Error(`${file}:${i + 1}: ${read.message}`);
      out.push({ sign: m[1] as '+' | '-', key: read.key, word: m[2], reason: m[3], line: i + 1 });
    });
  return out;
}

// ---------------------------------------------------------------------------
// Step 5: keys, output, checks
// ---------------------------------------------------------------------------

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const source = fetchSource(args);
  if (source.version !== STUDIED_VERSION) {
    console.warn(
      `warning: hunspell-sr ${source.version}, the flag study was made on ${STUDIED_VERSION}`,
    );
  }
  console.log(`hunspell-sr ${source.version}: ${source.aff}, ${source.dic}`);
  const affixes = parseAff(fs.readFileSync(source.aff, 'utf8'));
  const entries = parseDic(fs.readFileSync(source.dic, 'utf8'));
  const flags = classifyFlags(affixes.classes, entries);
  if (flags.mixed.length > 0)
    console.warn(`warning: flags with mixed uses: ${flags.mixed.join('; ')}`);

  const result = walk(entries, affixes.classes, flags);

  // Tile keys per category; words with a hyphen or an apostrophe have none.
  const notLetters = new Set<string>();
  const toKey = (w: string): string | undefined => {
    const r = readSerbianWord(w);
    if (!r.ok) notLetters.add(w);
    return r.ok ? r.key : undefined;
  };
  const keptKeys = new Map<Kept, Set<string>>();
  for (const [k, words] of result.kept) {
    const keys = new Set<string>();
    for (const w of words) {
      const key = toKey(w);
      if (key !== undefined) keys.add(key);
    }
    keptKeys.set(k, keys);
  }
  const final = new Set<string>();
  for (const keys of keptKeys.values()) for (const k of keys) final.add(k);

  const overrides = readOverrides(
    path.join(repoRoot(), 'scripts', 'dictionary', 'serbian-overrides.txt'),
  );
  for (const o of overrides) {
    const had = final.has(o.key);
    if (o.sign === '+') final.add(o.key);
    else final.delete(o.key);
    if (had === (o.sign === '+'))
      console.warn(`warning: override ${o.sign}${o.word} (line ${o.line}) changes nothing`);
  }
  let tooShort = 0;
  for (const k of [...final]) {
    if (k.length < 2) {
      final.delete(k);
      tooShort++;
    }
  }

  // Checks before writing anything.
  const problems: string[] = [];
  for (const w of RULE_BOOK_ACCEPTED)
    if (!final.has(toTileKey(w))) problems.push(`${w} should be accepted`);
  for (const w of RULE_BOOK_REFUSED)
    if (final.has(toTileKey(w))) problems.push(`${w} should be refused`);
  if (problems.length > 0) throw new Error(`rule book examples: ${problems.join('; ')}`);

  const { list, file, bytes } = writeDictionary(final, {
    id: LIST_ID,
    alphabet: [...SERBIAN_TILE_KEYS],
    source: `Debian hunspell-sr ${source.version} (LibreOffice Serbian dictionary, sr_RS), scripts/dictionary/build-serbian.ts`,
  });
  for (const k of final) if (!list.has(k)) throw new Error(`DAWG lost ${k}`);

  // Stats: kept per category (a word can be in two), dropped = made by a rule but not in the list.
  const droppedCounts: Record<string, number> = {};
  for (const [d, words] of result.dropped) {
    let n = 0;
    for (const w of words) {
      const r = readSerbianWord(w);
      if (!r.ok || !final.has(r.key)) n++;
    }
    droppedCounts[d] = n;
  }
  droppedCounts['hyphen-or-apostrophe'] = notLetters.size;
  const dump = args.get('dump');
  if (dump) {
    fs.mkdirSync(dump, { recursive: true });
    const write = (name: string, words: Iterable<string>) =>
      fs.writeFileSync(path.join(dump, `${name}.txt`), [...words].sort().join('\n') + '\n');
    for (const [k, words] of result.kept) write(`kept-${k}`, words);
    for (const [d, words] of result.dropped) {
      write(
        `dropped-${d}`,
        [...words].filter((w) => {
          const r = readSerbianWord(w);
          return !r.ok || !final.has(r.key);
        }),
      );
    }
  }
  droppedCounts['fewer-than-2-tiles'] = tooShort;
  const flagCounts: Record<string, number> = {};
  for (const c of flags.sfx.values()) flagCounts[c] = (flagCounts[c] ?? 0) + 1;
  const stats = {
    list: LIST_ID,
    source: {
      package: 'hunspell-sr',
      version: source.version,
      aff: path.basename(source.aff),
      affSha256: sha256(source.aff),
      dic: path.basename(source.dic),
      dicSha256: sha256(source.dic),
    },
    entries: result.entries,
    flagClasses: flagCounts,
    prefixFlags: { negation: flags.negation, superlative: flags.superlative },
    kept: Object.fromEntries([...keptKeys].map(([k, v]) => [k, v.size])),
    overrides: overrides.map((o) => `${o.sign}${o.word}: ${o.reason}`),
    dropped: droppedCounts,
    words: list.size,
    dawgEdges: list.edgeCount,
    fileBytes: bytes,
  };
  fs.writeFileSync(
    path.join(dictionariesDir(), `${LIST_ID}.stats.json`),
    JSON.stringify(stats, null, 2) + '\n',
  );
  writeLicence(source);
  console.log(JSON.stringify(stats, null, 2));
  console.log(`wrote ${file}: ${list.size} words, ${bytes} bytes`);
}

/** The stanza of Debian's copyright file that covers LibreOffice's `dictionaries/sr/*`. */
function copyrightStanza(source: Source): string {
  const file = path.join(source.unpacked, 'usr', 'share', 'doc', 'hunspell-sr', 'copyright');
  const stanzas = fs.readFileSync(file, 'utf8').split(/\n\s*\n/);
  const sr = stanzas.find((s) => /^Files:\s*dictionaries\/sr\//m.test(s));
  if (!sr) throw new Error(`no "Files: dictionaries/sr/*" stanza in ${file}`);
  if (!/MPL-1\.1/.test(sr))
    throw new Error(`the Serbian dictionary's licence changed; check it:\n${sr}`);
  return sr.trim();
}

function writeLicence(source: Source): void {
  const stanza = copyrightStanza(source)
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
  const text = `sr-kvizovka.dawg.gz — the Kvizovka word list
=============================================

This file is a Modification (in the sense of the Mozilla Public License) of
the Serbian Hunspell dictionary of the LibreOffice project, as packaged by
Debian:

  package:  hunspell-sr ${source.version} (from Debian's libreoffice-dictionaries source)
  files:    usr/share/hunspell/sr_RS.aff  sha256 ${sha256(source.aff)}
            usr/share/hunspell/sr_RS.dic  sha256 ${sha256(source.dic)}

Debian's copyright file (usr/share/doc/hunspell-sr/copyright) says of it:

${stanza}

Of those three licences, this derived list is distributed under the Mozilla
Public License 1.1; its full text is in MPL-1.1.txt beside this file.

The list was made by scripts/dictionary/build-serbian.ts in this repository,
which is the source code of the Modification: the dictionary's stems and
affix rules were expanded, filtered by the Kvizovka rules, transliterated to
Latin tile keys and packed as a DAWG (format: src/dictionary/dawg.ts).
To rebuild it:

  npx tsc -p scripts/dictionary && node dist/scripts/dictionary/build-serbian.js

The original files are in Debian's hunspell-sr package (apt-get download
hunspell-sr) and in LibreOffice's dictionaries repository (folder "sr").

Software distributed under the License is distributed on an "AS IS" basis,
WITHOUT WARRANTY OF ANY KIND, either express or implied. See the License for
the specific language governing rights and limitations under the License.
`;
  fs.writeFileSync(path.join(dictionariesDir(), `${LIST_ID}.LICENSE`), text);
  // Debian's base-files ships the licence texts; keep the committed copy when it is not there.
  const mpl = '/usr/share/common-licenses/MPL-1.1';
  if (fs.existsSync(mpl)) fs.copyFileSync(mpl, path.join(dictionariesDir(), 'MPL-1.1.txt'));
}

main();
