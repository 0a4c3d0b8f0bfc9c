import type { HelperOptions } from 'handlebars';

/**
 * What an item of `eachKept` stands for: items with the same stand-in differ at most in the
 * block's varying field (`vary`), and share what was made of them. After a result most lines
 * of the standings only move up or down: their rank changes, nothing else.
 */
export const KEPT_AS = Symbol('keptAs');

/**
 * A page model's list for `eachKept` to leave its output in as bytes: the rendered HTML then
 * holds a mark where each block goes, and {@link keptBytes} joins the two. Unchanged lines
 * are then neither written again nor encoded to UTF-8 again.
 */
export interface KeptParts {
  keptParts: Buffer[][];
}

/** Stands in the rendered item for the varying field, to be cut out. */
const VARY_MARK = '\uE000';
/** Stands in the page for a block whose bytes are in the model's `keptParts`. */
const PART_MARK = '\uE001';

/** An item's output split where the varying field goes, as text and (once asked for) as bytes. */
interface KeptOutput {
  pieces: string[];
  bytes?: Buffer[];
}

/** The varying fields' values as bytes (ranks: a few thousand at most), made once each. */
const valueBytes = new Map<string, Buffer>();
const VALUES_KEPT = 10_000;

function bytesOf(value: string): Buffer {
  let bytes = valueBytes.get(value);
  if (!bytes) {
    bytes = Buffer.from(value, 'utf8');
    if (valueBytes.size < VALUES_KEPT && value.length <= 16) valueBytes.set(value, bytes);
  }
  return bytes;
}

/** What `eachKept` made of each item (or its stand-in), by language and the values given. */
const keptOutputs = new WeakMap<object, Map<string, KeptOutput>>();

/**
 * `{{#eachKept rows a b vary="rank"}}…{{/eachKept}}`: `each` for a long list of objects that
 * are kept and reused while unchanged (the standings' lines), whose body reads only the item,
 * the page's language (`lang`) and the values given after the list (`a`, `b`): each item's
 * output is made once for them and kept with the item (or with its {@link KEPT_AS}). The body
 * has no `@index`, `@first` or `@last`. The `vary` field is written into the kept output each
 * time, and must appear in the body only as `{{field}}`.
 */
export function eachKept(
  this: unknown,
  lang: string,
  escape: (text: string) => string,
  items: unknown,
  rest: unknown[],
  options: HelperOptions,
): string {
  if (!Array.isArray(items) || items.length === 0) return options.inverse(this);
  const hash = options.hash as { vary?: unknown };
  const vary = typeof hash.vary === 'string' ? hash.vary : null;
  const key = `${lang} ${vary ?? ''} ${JSON.stringify(rest)}`;
  const data = options.data as { root?: Partial<KeptParts> } | undefined;
  const parts: Buffer[] | null = Array.isArray(data?.root?.keptParts) ? [] : null;
  let out = '';
  for (const item of items as Record<string | symbol, unknown>[]) {
    const owner: object = (vary && (item[KEPT_AS] as object | undefined)) || item;
    let outputs = keptOutputs.get(owner);
    let kept = outputs?.get(key);
    if (kept === undefined) {
      const html = options.fn(vary ? { ...item, [vary]: VARY_MARK } : item, { data });
      kept = { pieces: vary ? html.split(VARY_MARK) : [html] };
      if (!outputs) keptOutputs.set(owner, (outputs = new Map<string, KeptOutput>()));
      outputs.set(key, kept);
    }
    const value = vary
      ? escape(String((item[vary] as string | number | null | undefined) ?? ''))
      : '';
    if (parts) {
      const bytes = (kept.bytes ??= kept.pieces.map((p) => Buffer.from(p, 'utf8')));
      for (let i = 0; i < bytes.length; i++) {
        if (i > 0) parts.push(bytesOf(value));
        parts.push(bytes[i]);
      }
    } else {
      out += kept.pieces.length === 1 ? kept.pieces[0] : kept.pieces.join(value);
    }
  }
  if (!parts) return out;
  data!.root!.keptParts!.push(parts);
  return PART_MARK;
}

/**
 * The page's bytes: the rendered `html` with each block `eachKept` left in `model.keptParts`
 * put where its mark is.
 */
export function keptBytes(html: string, model: KeptParts): Buffer {
  const pieces = html.split(PART_MARK);
  if (pieces.length !== model.keptParts.length + 1) {
    throw new Error(
      `a page has ${pieces.length - 1} kept blocks for ${model.keptParts.length} made`,
    );
  }
  const all: Buffer[] = [Buffer.from(pieces[0], 'utf8')];
  for (let i = 0; i < model.keptParts.length; i++) {
    all.push(...model.keptParts[i], Buffer.from(pieces[i + 1], 'utf8'));
  }
  return Buffer.concat(all);
}
