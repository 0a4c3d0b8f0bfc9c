/**
 * Builds the packed DAWG of `dawg.ts` from a set of tile keys.
 *
 * Minimal acyclic automaton by incremental construction from sorted input
 * (Daciuk, Mihov, Watson & Watson, "Incremental construction of minimal
 * acyclic finite-state automata", Computational Linguistics 26(1), 2000):
 * words are added in order; when the next word leaves the previous word's
 * path, the states left behind are final and get merged with an equal state
 * already seen (same finality, same edges to the same states) or registered.
 */
import {
  DAWG_MAGIC,
  DawgHeader,
  DawgWordList,
  END_OF_WORD,
  LAST_EDGE,
  LETTER_BITS,
  MAX_EDGES,
  TARGET_SHIFT,
} from './dawg';

interface State {
  final: boolean;
  /** Edges in increasing letter code order (words arrive sorted). */
  codes: number[];
  targets: State[];
  /** Registration number, -1 while the state may still change. */
  id: number;
}

function newState(): State {
  return { final: false, codes: [], targets: [], id: -1 };
}

/** Header fields the caller chooses; `words` and `edges` are counted. */
export type DawgMeta = Omit<DawgHeader, 'words' | 'edges'>;

/** Builds a DAWG over `meta.alphabet` from tile keys (duplicates are fine; order is not needed). */
export function buildDawg(keys: Iterable<string>, meta: DawgMeta): DawgWordList {
  return DawgWordList.fromBytes(buildDawgBytes(keys, meta));
}

/** As {@link buildDawg}, but returns the `.dawg` file bytes. */
export function buildDawgBytes(keys: Iterable<string>, meta: DawgMeta): Buffer {
  const alphabet = meta.alphabet;
  if (alphabet.length > LETTER_BITS + 1) throw new Error('a DAWG alphabet has at most 32 letters');
  const codeOf = new Map(alphabet.map((letter, code) => [letter, code]));
  // Encode each key as a string of code points 0…31 so that string order is code order.
  const encoded = new Set<string>();
  for (const key of keys) {
    if (key.length === 0) continue;
    let s = '';
    for (const ch of key) {
      const code = codeOf.get(ch);
      if (code === undefined)
        throw new Error(`"${key}": ${JSON.stringify(ch)} is not in the alphabet`);
      s += String.fromCharCode(code);
    }
    encoded.add(s);
  }
  const words = [...encoded].sort();

  const root = newState();
  const register = new Map<string, State>();
  let nextId = 0;
  const path: State[] = [root];
  let previous = '';

  const signature = (s: State): string => {
    let sig = s.final ? '1' : '0';
    for (let i = 0; i < s.codes.length; i++) sig += `,${s.codes[i]}:${s.targets[i].id}`;
    return sig;
  };
  /** Merges or registers the states of `path` deeper than `depth`, bottom-up. */
  const minimize = (depth: number): void => {
    for (let i = path.length - 1; i > depth; i--) {
      const child = path[i];
      const sig = signature(child);
      const existing = register.get(sig);
      const parent = path[i - 1];
      if (existing) {
        parent.targets[parent.targets.length - 1] = existing;
      } else {
        child.id = nextId++;
        register.set(sig, child);
      }
    }
    path.length = depth + 1;
  };

  for (const word of words) {
    let common = 0;
    while (common < word.length && common < previous.length && word[common] === previous[common]) {
      common++;
    }
    minimize(common);
    let state = path[common];
    for (let i = common; i < word.length; i++) {
      const next = newState();
      state.codes.push(word.charCodeAt(i));
      state.targets.push(next);
      path.push(next);
      state = next;
    }
    state.final = true;
    previous = word;
  }
  minimize(0);

  // Lay the states out: root first, then depth-first; each state's edges contiguous.
  const offset = new Map<State, number>();
  const order: State[] = [];
  let edgeCount = 0;
  const place = (s: State): void => {
    if (s.codes.length === 0 || offset.has(s)) return;
    offset.set(s, edgeCount);
    order.push(s);
    edgeCount += s.codes.length;
    for (const t of s.targets) place(t);
  };
  place(root);
  if (edgeCount > MAX_EDGES) throw new Error(`too many edges for the format: ${edgeCount}`);

  const header: DawgHeader = { ...meta, words: words.length, edges: edgeCount };
  let json = JSON.stringify(header);
  const jsonBytes = () => Buffer.byteLength(json, 'utf8');
  while ((12 + jsonBytes()) % 4 !== 0) json += ' ';
  const n = jsonBytes();
  const out = Buffer.alloc(12 + n + 4 * edgeCount);
  out.write(DAWG_MAGIC, 0, 'latin1');
  out.writeUInt32LE(n, 8);
  out.write(json, 12, 'utf8');
  let pos = 12 + n;
  for (const s of order) {
    for (let i = 0; i < s.codes.length; i++) {
      const t = s.targets[i];
      let w = s.codes[i];
      if (t.final) w |= END_OF_WORD;
      if (i === s.codes.length - 1) w |= LAST_EDGE;
      const target = t.codes.length === 0 ? 0 : offset.get(t)!;
      out.writeUInt32LE((w | (target << TARGET_SHIFT)) >>> 0, pos);
      pos += 4;
    }
  }
  return out;
}
