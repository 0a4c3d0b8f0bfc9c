import { createServer } from 'net';
import { SMTPServer } from 'smtp-server';
import { adminCookie, decode, mainText } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, register } from '../tournament-helpers';

/** The hall's one address, as the reverse proxy in front says it. */
const HALL = '203.0.113.7';

/** A phone in the hall: its own browser and the cookie the entry form gives it. */
interface Phone {
  ua: string;
  cookie: string;
}

/** Entries online through HTTP, as players' phones behind one address and the organiser send them. */
describe(`entries online (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let organiser: string;
  let tournamentId: number;
  let open: number;
  let closedDivision: number;

  beforeAll(async () => {
    t = await startTestApp(undefined, { TRUST_PROXY: 'true' });
    organiser = await adminCookie(t);
    const created = await createTournament(t, {
      name: 'Kup prijava',
      ruleSet: 'kvizovka',
      rounds: 3,
      timeZone: 'Europe/Belgrade',
    });
    tournamentId = created.id;
    open = created.divisionId;
    const second = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'B grupa' })
      .expect(201);
    closedDivision = second.body.id;
    await register(t, open, ['Ana Petrović']);
  });
  afterAll(async () => {
    await t.close();
  });

  const orgPost = (path: string, form: Record<string, string>) =>
    t.http.post(path).set('Origin', t.url).set('Cookie', organiser).type('form').send(form);

  async function phone(n: number): Promise<Phone> {
    const ua = `Phone ${n}`;
    const res = await t.http
      .get(`/tournaments/${tournamentId}/enter`)
      .set('X-Forwarded-For', HALL)
      .set('User-Agent', ua)
      .expect(200);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('arbiter_table='));
    if (!cookie) throw new Error('the entry form gave no cookie');
    return { ua, cookie: cookie.split(';')[0] };
  }

  const enter = (p: Phone, form: Record<string, string>, lang = 'sr-Latn') =>
    t.http
      .post(`/tournaments/${tournamentId}/enter?lang=${lang}`)
      .set('Origin', t.url)
      .set('X-Forwarded-For', HALL)
      .set('User-Agent', p.ua)
      .set('Cookie', p.cookie)
      .type('form')
      .send(form);

  const linkOf = (html: string) => {
    const m = /id="entry-link" href="([^"]+)"/.exec(html);
    if (!m) throw new Error(`no private link in ${mainText(html)}`);
    return new URL(decode(m[1])).pathname;
  };

  const organiserPage = async () =>
    mainText(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentId}/entries`)
          .set('Cookie', organiser)
          .expect(200)
      ).text,
    );

  test('entries from one hall: the cap, the waiting list, withdrawals, confirming and refusing', async () => {
    // Before the organiser opens them, no entry is taken.
    const early = await phone(0);
    const refused = await enter(early, {
      name: 'Rani Igrač',
      email: 'rani@example.org',
      divisionId: String(open),
    }).expect(409);
    expect(mainText(refused.text)).toContain('Ovaj turnir sada ne prima prijave.');

    // Open: division A, 3 places and a waiting list; B takes none.
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-20T18:00',
      [`takes${open}`]: '1',
      [`cap${open}`]: '3',
      [`waiting${open}`]: '1',
    }).expect(303);
    expect(await organiserPage()).toContain('Prijave su otvorene do 20. 12. 2099. 18:00');
    // The tournament's public page says so while they are open, and links the form.
    const home = (await t.http.get(`/tournaments/${tournamentId}?lang=sr-Latn`).expect(200)).text;
    expect(mainText(home)).toContain('Prijave su otvorene do 20. 12. 2099. 18:00');
    expect(home).toContain(`href="/tournaments/${tournamentId}/enter"`);

    // Five phones behind the hall's one address, each with its own cookie.
    const names = ['Bora Jović', 'Ceca Lukić', 'Ana Petrovic', 'Dule Savić', 'Ema Kostić'];
    const links: string[] = [];
    for (const [i, name] of names.entries()) {
      const p = await phone(i + 1);
      const res = await enter(p, {
        name,
        club: 'ŠK Hala',
        federationId: `F-${i}`,
        email: `igrac${i}@example.org`,
        divisionId: String(open),
      })
        .redirects(1)
        .expect(200);
      const text = mainText(res.text);
      links.push(linkOf(res.text));
      // Post, redirect, get: the answer is the entry's own page, so a reload sends nothing again.
      expect(new URL(res.redirects[0]).pathname).toBe(links[i]);
      expect(new URL(res.redirects[0]).searchParams.get('sent')).toBe('1');
      if (i < 3) expect(text).toContain('organizator još treba da potvrdi prijavu');
      else expect(text).toContain(`Na listi čekanja ste, mesto ${i - 2}.`);
    }
    // The link is a 192-bit token, and opens the entry.
    expect(links[0]).toMatch(/^\/entries\/[A-Za-z0-9_-]{32}$/);
    const fourth = await t.http.get(links[3]).expect(200);
    expect(mainText(fourth.text)).toContain('Na listi čekanja ste, mesto 1.');
    expect(mainText(fourth.text)).toContain('Dule Savić');
    await t.http.get('/entries/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);

    // The name that looks like a registered player's is flagged for the organiser.
    let org = await organiserPage();
    expect(org).toContain('ime liči na upisanog igrača Ana Petrović');
    expect(org).toContain('zauzeto 3 od 3, na čekanju 2');

    // Bad input: 400, each field named in the page's language, nothing stored.
    const p6 = await phone(6);
    const bad = await enter(p6, {
      name: '',
      federationId: 'no spaces allowed',
      email: 'not-an-address',
      divisionId: String(open),
    }).expect(400);
    const badText = mainText(bad.text);
    expect(badText).toContain('Ime: Obavezno polje.');
    expect(badText).toContain('E-pošta: Upišite adresu e-pošte');
    expect(badText).toContain('ID u savezu: Do 20 slova, cifara ili crtica.');
    const badEn = await enter(p6, { name: 'Neko', email: '', divisionId: String(open) }, 'en');
    expect(badEn.status).toBe(400);
    expect(mainText(badEn.text)).toContain('E-mail: Required.');
    const other = await enter(p6, {
      name: 'Neko Drugi',
      email: 'neko@example.org',
      divisionId: String(closedDivision),
    }).expect(400);
    expect(mainText(other.text)).toContain('Grupa: Izaberite grupu koja prima prijave.');
    org = await organiserPage();
    expect(org).not.toContain('Neko');

    // A player withdraws by the link, after being asked: the first waiting moves up.
    const ask = await t.http
      .post(`${links[1]}/withdraw`)
      .set('Origin', t.url)
      .type('form')
      .send({});
    expect(ask.status).toBe(200);
    expect(mainText(ask.text)).toContain('Povući prijavu igrača Ceca Lukić');
    expect(mainText((await t.http.get(links[1]).expect(200)).text)).toContain(
      'organizator još treba da potvrdi',
    );
    const gone = await t.http
      .post(`${links[1]}/withdraw`)
      .set('Origin', t.url)
      .type('form')
      .send({ confirm: '1' })
      .expect(200);
    expect(mainText(gone.text)).toContain('Prijava je povučena.');
    expect(mainText((await t.http.get(links[3]).expect(200)).text)).toContain(
      'organizator još treba da potvrdi',
    );
    expect(mainText((await t.http.get(links[4]).expect(200)).text)).toContain(
      'Na listi čekanja ste, mesto 1.',
    );

    // The organiser confirms: the player is registered (and so seeded and paired); only then.
    const before = await t.http.get(`/api/divisions/${open}/players`).set(t.organiser).expect(200);
    expect(before.body.map((p: { name: string }) => p.name)).toEqual(['Ana Petrović']);
    const html = (
      await t.http
        .get(`/organiser/tournaments/${tournamentId}/entries`)
        .set('Cookie', organiser)
        .expect(200)
    ).text;
    const confirmActions = [...html.matchAll(/action="(\/organiser\/entries\/(\d+)\/confirm)"/g)];
    expect(confirmActions).toHaveLength(3);
    await orgPost(confirmActions[0][1], {}).expect(303);
    const after = await t.http.get(`/api/divisions/${open}/players`).set(t.organiser).expect(200);
    expect(after.body.map((p: { name: string }) => p.name).sort()).toEqual([
      'Ana Petrović',
      'Bora Jović',
    ]);
    expect(mainText((await t.http.get(links[0]).expect(200)).text)).toContain(
      'Prijava je potvrđena',
    );
    // A confirmed entry is not withdrawn by its link.
    const late = await t.http
      .post(`${links[0]}/withdraw`)
      .set('Origin', t.url)
      .type('form')
      .send({ confirm: '1' })
      .expect(409);
    expect(mainText(late.text)).toContain('Potvrđenu prijavu povlači organizator');

    // Refusing asks first; a refused entry's place goes to the first waiting.
    const refuseAction = /action="(\/organiser\/entries\/\d+\/refuse)"/.exec(
      html.slice(html.indexOf('Dule Savić')),
    )![1];
    const asked = await orgPost(refuseAction, {}).expect(200);
    expect(mainText(asked.text)).toContain('Odbiti prijavu igrača Dule Savić');
    await orgPost(refuseAction, { confirm: '1' }).expect(303);
    expect(mainText((await t.http.get(links[3]).expect(200)).text)).toContain(
      'Organizator je odbio prijavu.',
    );
    expect(mainText((await t.http.get(links[4]).expect(200)).text)).toContain(
      'organizator još treba da potvrdi',
    );

    // The public list: confirmed and waiting, no e-mails.
    const p7 = await phone(7);
    await enter(p7, {
      name: 'Filip Ilić',
      email: 'filip@example.org',
      divisionId: String(open),
    })
      .redirects(1)
      .expect(200);
    const list = mainText(
      (await t.http.get(`/tournaments/${tournamentId}/entries`).expect(200)).text,
    );
    expect(list).toContain('Bora Jović');
    expect(list).toContain('Filip Ilić');
    expect(list).not.toContain('Ceca Lukić');
    expect(list).not.toContain('@example.org');

    // Closed again: refused; open with a deadline passed: refused, saying when it passed.
    await orgPost(`/organiser/tournaments/${tournamentId}/entries/close`, {}).expect(303);
    expect((await t.http.get(`/tournaments/${tournamentId}`).expect(200)).text).not.toContain(
      `/tournaments/${tournamentId}/enter`,
    );
    const p8 = await phone(8);
    await enter(p8, { name: 'Goran Kis', email: 'g@example.org', divisionId: String(open) }).expect(
      409,
    );
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2020-01-01T12:00',
      [`takes${open}`]: '1',
      [`cap${open}`]: '3',
      [`waiting${open}`]: '1',
    }).expect(303);
    const passed = await enter(p8, {
      name: 'Goran Kis',
      email: 'g@example.org',
      divisionId: String(open),
    }).expect(409);
    expect(mainText(passed.text)).toContain('Rok za prijave je istekao 1. 1. 2020. 12:00');
    expect(await organiserPage()).not.toContain('Goran Kis');
  });

  test('the API: a bad field is a 400 naming it, nothing stored; an entry answers its link', async () => {
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-20T18:00',
      [`takes${open}`]: '1',
      [`waiting${open}`]: '1',
    }).expect(303);
    const before = await t.http
      .get(`/api/tournaments/${tournamentId}/entries`)
      .set(t.organiser)
      .expect(200);
    const bad = await t.http
      .post(`/api/tournaments/${tournamentId}/entries`)
      .send({ name: 'Api Igrač', email: 'nije adresa', divisionId: open })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('email must be an e-mail address');
    const noDivision = await t.http
      .post(`/api/tournaments/${tournamentId}/entries`)
      .send({ name: 'Api Igrač', email: 'api@example.org', divisionId: closedDivision })
      .expect(400);
    expect(noDivision.body.code).toBe('ENTRY_DIVISION');
    const same = await t.http
      .get(`/api/tournaments/${tournamentId}/entries`)
      .set(t.organiser)
      .expect(200);
    expect(same.body).toHaveLength(before.body.length);
    const ok = await t.http
      .post(`/api/tournaments/${tournamentId}/entries`)
      .send({ name: 'Api Igrač', email: 'api@example.org', divisionId: open })
      .expect(201);
    expect(ok.body.link).toMatch(/^\/entries\/[A-Za-z0-9_-]{32}$/);
    expect(ok.body.entry).toMatchObject({ name: 'Api Igrač', status: 'entered' });
    expect(JSON.stringify(ok.body)).not.toContain('tokenHash');
    await t.http.get(`/api/tournaments/${tournamentId}/entries`).expect(401);
  });

  test('a player finds themself in the registry: the form comes filled, the entry names the person', async () => {
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-20T18:00',
      [`takes${open}`]: '1',
      [`waiting${open}`]: '1',
    }).expect(303);
    const search = (
      await t.http.get(`/tournaments/${tournamentId}/enter?q=petrovic&lang=sr-Latn`).expect(200)
    ).text;
    const found = /href="(\/tournaments\/\d+\/enter\?person=(\d+))"/.exec(decode(search));
    expect(found).not.toBeNull();
    expect(mainText(search)).toContain('Ana Petrović');
    const filled = (await t.http.get(`${found![1]}&lang=sr-Latn`).expect(200)).text;
    expect(mainText(filled)).toContain('Prijavljujete se kao Ana Petrović iz registra.');
    expect(filled).toMatch(/id="f-name" name="name" value="Ana Petrović"/);
    expect(filled).toContain(`name="person" value="${found![2]}"`);
    const none = (await t.http.get(`/tournaments/${tournamentId}/enter?q=zzqx`).expect(200)).text;
    expect(mainText(none)).toContain('U registru nema nikog tog imena');
    // Ana is a player of the division already: her entry is taken and flagged, and confirming it
    // is refused with registration's reason, nothing written.
    const p = await phone(300);
    await enter(p, {
      name: 'Ana Petrović',
      person: found![2],
      email: 'ana@example.org',
      divisionId: String(open),
    })
      .redirects(1)
      .expect(200);
    const html = (
      await t.http
        .get(`/organiser/tournaments/${tournamentId}/entries`)
        .set('Cookie', organiser)
        .expect(200)
    ).text;
    expect(mainText(html)).toContain('isto ime kao upisani igrač Ana Petrović');
    const row = html.slice(html.lastIndexOf('<td>Ana Petrović</td>'));
    const confirm = /action="(\/organiser\/entries\/\d+\/confirm)"/.exec(row)![1];
    const refused = await orgPost(confirm, {}).expect(409);
    expect(mainText(refused.text)).toContain('Ana Petrović: ');
    const players = await t.http.get(`/api/divisions/${open}/players`).set(t.organiser).expect(200);
    expect(players.body.filter((x: { name: string }) => x.name === 'Ana Petrović')).toHaveLength(1);
  });

  test('entries sent at once from many phones never take more places than the cap', async () => {
    const division = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'C grupa' })
      .expect(201);
    const c: number = division.body.id;
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-20T18:00',
      [`takes${c}`]: '1',
      [`cap${c}`]: '3',
      [`waiting${c}`]: '1',
    }).expect(303);
    const phones = await Promise.all([...Array(8).keys()].map((i) => phone(400 + i)));
    const answers = await Promise.all(
      phones.map((p, i) =>
        enter(p, {
          name: `Istovremeni ${i}`,
          email: `i${i}@example.org`,
          divisionId: String(c),
        }).redirects(1),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const texts = answers.map((a) => mainText(a.text));
    expect(texts.filter((x) => x.includes('organizator još treba da potvrdi'))).toHaveLength(3);
    const places = texts
      .map((x) => /mesto (\d+)\./.exec(x)?.[1])
      .filter((x): x is string => x !== undefined)
      .map(Number)
      .sort();
    expect(places).toEqual([1, 2, 3, 4, 5]);
  });

  test('one phone that sends too many is held back; the other phones of its hall are not', async () => {
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-20T18:00',
      [`takes${open}`]: '1',
      [`waiting${open}`]: '1',
    }).expect(303);
    const busy = await phone(100);
    let status = 0;
    let sent = 0;
    while (sent < 40) {
      sent++;
      status = (await enter(busy, { name: '', email: 'x', divisionId: String(open) })).status;
      if (status === 429) break;
    }
    expect(status).toBe(429);
    expect(sent).toBe(31);
    // Every other phone behind the same address still enters.
    for (let i = 0; i < 5; i++) {
      const p = await phone(200 + i);
      await enter(p, {
        name: `Igrač Hale ${i}`,
        email: `hala${i}@example.org`,
        divisionId: String(open),
      })
        .redirects(1)
        .expect(200);
    }
  });
});

/** A port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(`entries online: the link by mail (${DATABASE_KIND})`, () => {
  test("the private link is e-mailed in the page's language to a local SMTP server", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const t = await startTestApp(undefined, {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
      SMTP_FROM: 'turnir@example.org',
    });
    try {
      const organiser = await adminCookie(t);
      const { id, divisionId } = await createTournament(t, {
        name: 'Kup pošte',
        ruleSet: 'kvizovka',
        rounds: 3,
      });
      await t.http
        .post(`/organiser/tournaments/${id}/entries`)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .type('form')
        .send({ deadline: '2099-01-01T10:00', [`takes${divisionId}`]: '1' })
        .expect(303);
      const res = await t.http
        .post(`/tournaments/${id}/enter?lang=en`)
        .set('Origin', t.url)
        .type('form')
        .send({ name: 'Jana Pošta', email: 'jana@example.org', divisionId: String(divisionId) })
        .redirects(1)
        .expect(200);
      expect(mainText(res.text)).toContain('The link has also been sent to jana@example.org.');
      const link = /id="entry-link" href="([^"]+)"/.exec(res.text)![1];
      // The API mails the link too.
      const api = await t.http
        .post(`/api/tournaments/${id}/entries`)
        .send({ name: 'Api Pošta', email: 'api@example.org', divisionId })
        .expect(201);
      expect(api.body.mailed).toBe(true);
      expect(received).toHaveLength(2);
      expect(received[1].replace(/=\r?\n/g, '')).toContain(api.body.link);
      // Quoted-printable may fold long lines: unfold before reading.
      const mail = received[0].replace(/=\r?\n/g, '');
      expect(mail).toMatch(/^To: jana@example\.org/m);
      expect(mail).toMatch(/^Subject: .*Kup/m);
      expect(mail).toContain('See or withdraw your entry through this private link');
      expect(mail).toContain(new URL(decode(link)).pathname);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  test('a mail that cannot be sent loses no entry: the page says so and shows the link', async () => {
    const t = await startTestApp(undefined, {
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      SMTP_FROM: 'turnir@example.org',
    });
    try {
      const organiser = await adminCookie(t);
      const { id, divisionId } = await createTournament(t, {
        name: 'Kup pošte',
        ruleSet: 'kvizovka',
        rounds: 3,
      });
      await t.http
        .post(`/organiser/tournaments/${id}/entries`)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .type('form')
        .send({ deadline: '2099-01-01T10:00', [`takes${divisionId}`]: '1' })
        .expect(303);
      const res = await t.http
        .post(`/tournaments/${id}/enter?lang=en`)
        .set('Origin', t.url)
        .type('form')
        .send({ name: 'Ivo Pošta', email: 'ivo@example.org', divisionId: String(divisionId) })
        .redirects(1)
        .expect(200);
      const text = mainText(res.text);
      expect(text).toContain('The e-mail to ivo@example.org could not be sent');
      const link = /id="entry-link" href="([^"]+)"/.exec(res.text)![1];
      const page = await t.http.get(new URL(decode(link)).pathname).expect(200);
      expect(mainText(page.text)).toContain('Ivo Pošta');
    } finally {
      await t.close();
    }
  });
});
