import http from 'http';
import type { AddressInfo } from 'net';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, register } from '../e2e/tournament-helpers';
import { Browser, describeWithChromium, launchChromium } from './chromium';

/** An attacker's page per path, served from another port of 127.0.0.1. */
function attackerSite(
  pages: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'no such page');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            // Chromium keeps its connections alive: close waits for them unless they are dropped.
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** A page that posts a form to `action` as soon as it loads. */
const autoPost = (action: string, fields: Record<string, string>, enctype?: string) =>
  `<!doctype html><title>Win a prize</title><form method="post" action="${action}"${
    enctype ? ` enctype="${enctype}"` : ''
  }>${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name='${k}' value='${v}'>`)
    .join('')}</form><script>document.forms[0].submit()</script>`;

describeWithChromium(
  `a page of another origin cannot write through the API with the organiser's session (${DATABASE_KIND})`,
  () => {
    let t: TestApp;
    let browser: Browser;
    let attacker: { url: string; close(): Promise<void> };
    let playerId: number;
    const evil = {
      email: 'evil@example.org',
      name: 'Evil Organiser',
      role: 'organiser',
      password: 'a long password 123',
    };

    beforeAll(async () => {
      [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
      const { divisionId } = await createTournament(t, {
        name: 'Kup',
        ruleSet: 'kvizovka',
        rounds: 3,
      });
      [{ id: playerId }] = await register(t, divisionId, ['Ana', 'Branko']);
      const users = `${t.url}/api/users`;
      attacker = await attackerSite({
        '/form.html': autoPost(users, evil),
        '/multipart.html': autoPost(users, evil, 'multipart/form-data'),
        // enctype=text/plain spells a JSON body: {"email":…,"x":"="}
        '/text.html': autoPost(
          users,
          { [`${JSON.stringify(evil).slice(0, -1)},"x":"`]: '"}' },
          'text/plain',
        ),
        '/withdraw.html': autoPost(`${t.url}/api/players/${playerId}/withdraw`, {}),
        '/fetch.html': `<!doctype html><script>
        fetch(${JSON.stringify(users)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(JSON.stringify(evil))} })
          .finally(() => { document.title = 'sent'; });
      </script>`,
      });
    });
    afterAll(async () => {
      await browser?.close();
      await attacker?.close();
      await t?.close();
    });

    const organisers = async () =>
      (
        (await t.http.get('/api/users').set(t.organiser).expect(200)).body as { role: string }[]
      ).filter((u) => u.role === 'organiser').length;

    test('auto-posted forms and a no-cors fetch change nothing; a script of the site itself still can', async () => {
      // The administrator signs in in this browser: the session cookie is SameSite=Lax, and
      // 127.0.0.1 on another port is the same site, so the browser sends it along.
      const organiser = ORGANISER;
      const page = await browser.context.newPage();
      await page.goto(`${t.url}/sign-in`);
      await page.fill('#username', organiser.email);
      await page.fill('#password', organiser.password);
      await page.click('main button[type="submit"]');
      await page.waitForURL(`${t.url}/organiser`);
      const before = await organisers();

      const answers: Record<string, number> = {};
      for (const path of ['/form.html', '/multipart.html', '/text.html', '/withdraw.html']) {
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().startsWith(`${t.url}/api/`)),
          page.goto(`${attacker.url}${path}`),
        ]);
        answers[path] = answer.status();
        // The browser did send the session cookie: the server refused the request, not a stranger.
        expect((await answer.request().allHeaders()).cookie ?? '').toContain('arbiter_session=');
      }
      // Every one is refused as another site's request (403) before its body is read: the
      // sender of a body to a route that needs a role is checked first.
      expect(answers).toEqual({
        '/form.html': 403,
        '/multipart.html': 403,
        '/text.html': 403,
        '/withdraw.html': 403,
      });
      await page.goto(`${attacker.url}/fetch.html`);
      await page.waitForFunction("document.title === 'sent'");

      expect(await organisers()).toBe(before);
      const player = (await t.http.get(`/api/players/${playerId}`).expect(200)).body as {
        active: boolean;
      };
      expect(player.active).toBe(true);

      // The session itself still works for the site's own pages and scripts.
      await page.goto(`${t.url}/organiser`);
      const status = await page.evaluate(
        async (body) => {
          const res = await fetch('/api/users', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          });
          return res.status;
        },
        JSON.stringify({ ...evil, email: 'colleague@example.org', name: 'Colleague' }),
      );
      expect(status).toBe(201);
      expect(await organisers()).toBe(before + 1);
    });
  },
);
