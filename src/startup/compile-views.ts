import { readdirSync } from 'fs';
import { sep } from 'path';

/** What compiling needs of Express's application: its render, which fills hbs's cache. */
export interface ViewRendering {
  render(view: string, model: object, done: (error: Error | null, html?: string) => void): void;
}

/** What compiling needs of Handlebars: its partials, and its compiler. */
export interface PartialRegistry {
  partials: Record<string, unknown>;
  compile(source: string): (context: object) => string;
  registerPartial(name: string, partial: (context: object) => string): void;
}

/** Every view under `viewsDir` as Express names it (`public/standings`), partials aside. */
export function viewNames(viewsDir: string): string[] {
  return (readdirSync(viewsDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.hbs'))
    .map((file) => file.split(sep).join('/').slice(0, -'.hbs'.length))
    .filter((name) => !name.startsWith('partials/'))
    .sort();
}

/**
 * Compiles every view and partial before the server takes its first request. Handlebars
 * compiles a template the first time it is rendered: 10–50 ms a page in a fresh process, all
 * of it on the request thread, when a restarted server in a busy hall takes its first requests
 * and every request behind it waits (`npm run bench -- hall-day`).
 *
 * Each view is rendered once with no model through Express, which keeps what hbs compiled as
 * a request's render would (a view that needs its model fails to render, and is compiled all
 * the same). A partial Handlebars still holds as text is compiled as Handlebars would compile
 * it at its first use, with the same default options. Returns how many views and partials were
 * compiled.
 */
export async function compileViews(
  express: ViewRendering,
  handlebars: PartialRegistry,
  viewsDir: string,
): Promise<number> {
  const views = viewNames(viewsDir);
  for (const view of views) {
    await new Promise<void>((done) => express.render(view, {}, () => done()));
  }
  let partials = 0;
  for (const [name, partial] of Object.entries(handlebars.partials)) {
    if (typeof partial !== 'string') continue;
    const template = handlebars.compile(partial);
    try {
      template({});
    } catch {
      // Compiled before it ran; only its model was missing.
    }
    handlebars.registerPartial(name, template);
    partials++;
  }
  return views.length + partials;
}
