/**
 * Just enough of Hunspell's .aff/.dic formats to expand LibreOffice's Serbian
 * dictionary: `SET UTF-8`, `FLAG num`, `SFX`/`PFX` classes with strip, add and
 * condition, and cross products of one prefix with one suffix. The Serbian
 * files use nothing more (no continuation classes, no compounding, no
 * NEEDAFFIX); `parseAff` throws on directives it would silently misread.
 */

export interface AffixRule {
  /** Characters removed from the end (SFX) or start (PFX) of the stem; '' for none. */
  strip: string;
  /** Characters added in their place; '' for none. */
  add: string;
  /** The rule's condition as a regular expression on the stem, null for `.`. */
  condition: RegExp | null;
}

export interface AffixClass {
  flag: string;
  kind: 'SFX' | 'PFX';
  /** Whether the class combines with affixes of the other kind (`Y`). */
  cross: boolean;
  rules: AffixRule[];
}

export interface Affixes {
  classes: Map<string, AffixClass>;
}

export interface DicEntry {
  /** The stem as written in the .dic file (homograph markers `_` kept). */
  stem: string;
  flags: string[];
  /** 1-based line number in the .dic file. */
  line: number;
}

/** Directives that change how words are built and that this reader does not implement. */
const UNSUPPORTED = new Set([
  'NEEDAFFIX', 'CIRCUMFIX', 'ONLYINCOMPOUND', 'COMPOUNDFLAG', 'COMPOUNDBEGIN', 'COMPOUNDMIDDLE',
  'COMPOUNDEND', 'COMPOUNDRULE', 'FORBIDDENWORD', 'KEEPCASE', 'ICONV', 'OCONV', 'FULLSTRIP',
  'COMPLEXPREFIXES', 'AF', 'AM',
]); // prettier-ignore

/** Directives that only matter to a spelling checker's suggestions and are safe to ignore. */
const IGNORED = new Set([
  'SET',
  'KEY',
  'TRY',
  'WORDCHARS',
  'REP',
  'MAP',
  'PHONE',
  'NOSUGGEST',
  'MAXNGRAMSUGS',
  'LANG',
]);

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/);
}

/** Turns a Hunspell condition (`.`, letters, `[abc]`, `[^abc]`) into a regular expression. */
function conditionRegExp(condition: string, kind: 'SFX' | 'PFX'): RegExp | null {
  if (condition === '.' || condition === '') return null;
  let source = '';
  for (let i = 0; i < condition.length; i++) {
    const ch = condition[i];
    if (ch === '[') {
      const end = condition.indexOf(']', i);
      if (end < 0) throw new Error(`bad affix condition ${condition}`);
      const body = condition.slice(i + 1, end);
      const negated = body.startsWith('^');
      const chars = (negated ? body.slice(1) : body).replace(/[\\\]^-]/g, '\\$&');
      source += `[${negated ? '^' : ''}${chars}]`;
      i = end;
    } else if (ch === '.') {
      source += '.';
    } else {
      source += ch.replace(/[\\^$*+?()|{}[\]]/g, '\\$&');
    }
  }
  return new RegExp(kind === 'SFX' ? `${source}$` : `^${source}`, 'u');
}

export function parseAff(text: string): Affixes {
  const classes = new Map<string, AffixClass>();
  const all = lines(text);
  for (let i = 0; i < all.length; i++) {
    const parts = all[i].trim().split(/\s+/);
    const directive = parts[0];
    if (!directive || directive.startsWith('#')) continue;
    if (directive === 'FLAG') {
      if (parts[1] !== 'num') throw new Error(`only FLAG num is supported, not ${parts[1]}`);
      continue;
    }
    if (directive === 'SET') {
      if (parts[1] !== 'UTF-8') throw new Error(`only SET UTF-8 is supported, not ${parts[1]}`);
      continue;
    }
    if (UNSUPPORTED.has(directive)) throw new Error(`unsupported .aff directive ${directive}`);
    if (IGNORED.has(directive)) continue;
    if (directive !== 'SFX' && directive !== 'PFX') continue;
    const [, flag, cross, countText] = parts;
    if (classes.has(flag)) throw new Error(`affix class ${flag} defined twice (line ${i + 1})`);
    const count = Number(countText);
    if (!/^[YN]$/.test(cross) || !Number.isInteger(count)) {
      throw new Error(`bad affix class header at line ${i + 1}: ${all[i]}`);
    }
    const cls: AffixClass = { flag, kind: directive, cross: cross === 'Y', rules: [] };
    for (let k = 0; k < count; k++) {
      const rule = all[++i].trim().split(/\s+/);
      if (rule[0] !== directive || rule[1] !== flag || rule.length < 4) {
        throw new Error(`bad affix rule at line ${i + 1}: ${all[i]}`);
      }
      let add = rule[3];
      if (add.includes('/'))
        throw new Error(`continuation classes are not supported (line ${i + 1})`);
      if (add === '0') add = '';
      cls.rules.push({
        strip: rule[2] === '0' ? '' : rule[2],
        add,
        condition: conditionRegExp(rule[4] ?? '.', directive),
      });
    }
    classes.set(flag, cls);
  }
  return { classes };
}

export function parseDic(text: string): DicEntry[] {
  const all = lines(text);
  const entries: DicEntry[] = [];
  for (let i = 1; i < all.length; i++) {
    const raw = all[i].split('\t')[0].trim();
    if (!raw) continue;
    const slash = raw.indexOf('/');
    const stem = (slash < 0 ? raw : raw.slice(0, slash)).trim();
    const flags =
      slash < 0
        ? []
        : raw
            .slice(slash + 1)
            .trim()
            .split(',')
            .filter(Boolean);
    entries.push({ stem, flags, line: i + 1 });
  }
  return entries;
}

/** The forms one affix class makes from a stem (a stem matching no rule gives none). */
export function applyClass(cls: AffixClass, stem: string): string[] {
  const out: string[] = [];
  for (const rule of cls.rules) {
    if (cls.kind === 'SFX') {
      if (!stem.endsWith(rule.strip)) continue;
      if (rule.condition && !rule.condition.test(stem)) continue;
      out.push(stem.slice(0, stem.length - rule.strip.length) + rule.add);
    } else {
      if (!stem.startsWith(rule.strip)) continue;
      if (rule.condition && !rule.condition.test(stem)) continue;
      out.push(rule.add + stem.slice(rule.strip.length));
    }
  }
  return out;
}
