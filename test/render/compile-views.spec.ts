import express from 'express';
import hbs from 'hbs';
import { configureViews, findViewsDir } from '../../src/render/views';
import { compileViews, viewNames } from '../../src/startup/compile-views';

/** Express with hbs set up as src/app.ts sets it up, on an hbs instance of its own. */
function app() {
  const instance = hbs.create();
  const viewsDir = findViewsDir();
  const server = express();
  server.engine('hbs', instance.__express.bind(instance));
  server.set('view engine', 'hbs');
  server.set('views', viewsDir);
  server.set('view cache', true);
  configureViews(instance.handlebars, viewsDir);
  return { server, handlebars: instance.handlebars, viewsDir };
}

const render = (server: express.Express, view: string, model: object) =>
  new Promise<string>((resolve, reject) =>
    server.render(view, model, (e: Error | null, html?: string) =>
      e ? reject(e) : resolve(html!),
    ),
  );

describe('views compiled before the first request', () => {
  it('names every page view, and no partial', () => {
    const names = viewNames(findViewsDir());
    expect(names).toEqual(
      expect.arrayContaining(['layout', 'error', 'public/standings', 'judge/scoresheet']),
    );
    expect(names.filter((n) => n.startsWith('partials/'))).toEqual([]);
  });

  it('after compiling, no page compiles a template or a partial at its render', async () => {
    /** How many times Handlebars compiled while every view was rendered once (errors aside). */
    const compilesWhileRendering = async (warmFirst: boolean) => {
      const { server, handlebars, viewsDir } = app();
      if (warmFirst) await compileViews(server, handlebars, viewsDir);
      let compiled = 0;
      const compile = handlebars.compile.bind(handlebars);
      handlebars.compile = ((...args: Parameters<typeof compile>) => {
        compiled++;
        return compile(...args);
      }) as typeof handlebars.compile;
      for (const view of viewNames(viewsDir)) await render(server, view, {}).catch(() => '');
      return {
        compiled,
        strings: Object.values(handlebars.partials).filter((p) => typeof p === 'string'),
      };
    };
    const cold = await compilesWhileRendering(false);
    expect(cold.compiled).toBeGreaterThan(viewNames(findViewsDir()).length);
    const warm = await compilesWhileRendering(true);
    expect(warm.compiled).toBe(0);
    expect(warm.strings).toEqual([]);
  });

  it('a page renders the same compiled before as compiled at its first request', async () => {
    const warm = app();
    await compileViews(warm.server, warm.handlebars, warm.viewsDir);
    const cold = app();
    // The error page, in the layout with its header and styles partials.
    const model = { lang: 'en', status: 404, message: 'No such page', title: 'Not found' };
    const html = await render(warm.server, 'error', model);
    expect(html).toContain('No such page');
    expect(html).toContain('<style');
    expect(html).toBe(await render(cold.server, 'error', model));
  });
});
