import http, { IncomingHttpHeaders } from 'http';
import { AddressInfo } from 'net';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import { createTournament, pair, register } from '../tournament-helpers';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request as a particular client makes it: from `localAddress` (any of 127/8 is this
 * machine, so several "clients" can be told apart by the server), with its headers.
 */
function send(
  url: string,
  options: {
    method?: string;
    localAddress?: string;
    headers?: Record<string, string>;
    body?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A browser: keeps the cookies it is given and sends them back. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly name: string,
    private readonly localAddress?: string,
  ) {}
  async request(
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await send(`${this.base}${path}`, {
      ...options,
      localAddress: this.localAddress,
      headers: {
        'User-Agent': `${this.name} (test browser)`,
        ...(cookie ? { Cookie: cookie } : {}),
        ...options.headers,
      },
    });
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return answer;
  }
  signIn(email: string, password: string): Promise<Answer> {
    return this.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, kind: 'api' }),
    });
  }
  /** The sign-in page's form, posted as a browser does, in English. */
  signInOnPage(email: string, password: string): Promise<Answer> {
    return this.request('/sign-in?lang=en', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: this.base },
      body: new URLSearchParams({ username: email, password }).toString(),
    });
  }
  has(cookie: string): boolean {
    return this.jar.has(cookie);
  }
}

/** Each seat's code of round 1 of a new division of `players` players. */
async function roundCodes(t: TestApp, players: number): Promise<string[]> {
  const { divisionId } = await createTournament(t, {
    name: `Dvorana ${Math.random().toString(36).slice(2, 7)}`,
    ruleSet: 'kvizovka',
    rounds: 2,
  });
  await register(
    t,
    divisionId,
    Array.from({ length: players }, (_, i) => `Igrač ${String.fromCharCode(65 + i)}`),
  );
  await pair(t, divisionId);
  const res = await t.http
    .get(`/api/divisions/${divisionId}/rounds/1/codes`)
    .set(t.organiser)
    .expect(200);
  return (res.body as { seats: { code: string }[] }[]).flatMap((g) => g.seats.map((s) => s.code));
}

/** A wrong code of a code's shape. */
const wrong = (i: number) => `ZZZZ${String(i).padStart(6, '0')}`;

/**
 * A flood of wrong codes from clients that throw their cookies away and change their browser's
 * name: the hall's window (here 30 instead of 600) fills, and still no new phone's own code is
 * refused. Before, every phone of the address that had not opened its code yet got 429.
 */
describe(`a flood of strangers' wrong codes (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { CODE_HALL_FAILURES: '30' });
  });
  afterAll(async () => {
    await t?.close();
  });

  test("past the hall's window, strangers' wrong codes wait and a new phone's right code answers", async () => {
    const codes = await roundCodes(t, 4);
    const flood: number[] = [];
    for (let i = 0; i < 40; i++) {
      const agent = `guesser/${Math.floor(i / 10)}`; // a new browser name every 10 guesses
      flood.push(
        (await send(`${t.url}/api/codes/${wrong(4000 + i)}`, { headers: { 'User-Agent': agent } }))
          .status,
      );
    }
    expect(flood).toEqual([...Array(30).fill(404), ...Array(10).fill(429)]);
    // New phones of the same address, no cookie yet: their right codes answer, page and API.
    for (const [i, code] of codes.entries()) {
      const phone = new Browser(t.url, `late phone ${i}`);
      expect((await phone.request(`/api/codes/${code}`)).status).toBe(200);
      expect((await phone.request(`/t/${code}`, { headers: { Accept: 'text/html' } })).status).toBe(
        200,
      );
    }
    // A new phone's typo waits with the strangers: the window is the flood's.
    const typo = await new Browser(t.url, 'late typo').request(`/api/codes/${wrong(5000)}`);
    expect(typo.status).toBe(429);
    expect(Number(typo.headers['retry-after'])).toBeGreaterThan(60);
  });
});

/**
 * A real tournament hall: a hundred phones behind one address, judges on the same Wi-Fi,
 * a reverse proxy, two servers on one database. Each test failed on the per-address,
 * per-process throttles before.
 */
describe(`throttles that fit a hall (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { SIGN_IN_FIRST_WAIT_MS: '60000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  test("a hall behind one address: 25 strangers' wrong codes, and every valid code still answers", async () => {
    const codes = await roundCodes(t, 8);
    // 25 phones of the hall (one address), each mistyping once.
    for (let i = 0; i < 25; i++) {
      const phone = new Browser(t.url, `phone ${i}`);
      expect((await phone.request(`/api/codes/${wrong(i)}`)).status).toBe(404);
    }
    // Every seat's phone opens its own code, the API and the page alike.
    for (const [i, code] of codes.entries()) {
      const phone = new Browser(t.url, `seat ${i}`);
      expect((await phone.request(`/api/codes/${code}`)).status).toBe(200);
      expect((await phone.request(`/t/${code}?lang=en`)).status).toBe(200);
      expect(phone.has('arbiter_table')).toBe(true);
    }
  });

  test("a prankster's client hammering wrong codes is throttled while the others are not", async () => {
    const codes = await roundCodes(t, 4);
    const prankster = new Browser(t.url, 'prankster');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await prankster.request(`/api/codes/${wrong(1000 + i)}`)).status);
    // The first, sent before the phone had its cookie, counts by address and browser; then 20
    // wrong codes are looked up on its cookie's count, the 20th starts a wait (60 s here) and
    // every guess within it is refused unchecked.
    expect(statuses).toEqual([...Array(21).fill(404), ...Array(19).fill(429)]);
    // His own valid code too: it is his client that waits.
    const refused = await prankster.request(`/t/${codes[0]}?lang=en`, {
      headers: { Accept: 'text/html' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(30);
    expect(refused.body).toMatch(/Too many wrong codes\. Try again in (\d+ s|1 min)\./);
    // A wait, not an error: titled so, without the status number, with a link to ask again.
    expect(refused.body).toContain('<h1>Please wait</h1>');
    expect(refused.body).not.toContain('<strong>429</strong>');
    expect(refused.body.replace(/&#x3D;/g, '=')).toContain(
      `<a href="/t/${codes[0]}?lang=en">Try again</a>`,
    );
    const cyrillic = await prankster.request(`/t/${codes[0]}?lang=sr-Cyrl`);
    expect(cyrillic.body).toMatch(/Превише погрешних кодова\. Покушајте поново за (\d+ s|1 мин)\./);
    // A program that throws its cookies away is one client by its browser name: held too.
    const script = (i: number) =>
      send(`${t.url}/api/codes/${wrong(2000 + i)}`, { headers: { 'User-Agent': 'guesser/1.0' } });
    const scripted: number[] = [];
    for (let i = 0; i < 25; i++) scripted.push((await script(i)).status);
    expect(scripted).toEqual([...Array(20).fill(404), ...Array(5).fill(429)]);
    // The rest of the hall: a typo is a 404, and every valid code answers.
    const neighbour = new Browser(t.url, 'neighbour');
    expect((await neighbour.request(`/api/codes/${wrong(3000)}`)).status).toBe(404);
    for (const code of codes) {
      expect((await new Browser(t.url, 'player').request(`/api/codes/${code}`)).status).toBe(200);
    }
  });

  test('five and more wrong passwords for the organiser from elsewhere: her device that signed in before still signs in; an untrusted one waits', async () => {
    const laptop = new Browser(t.url, 'organiser laptop');
    expect((await laptop.signIn(ORGANISER.email, ORGANISER.password)).status).toBe(200);
    expect(laptop.has('arbiter_device')).toBe(true);
    // Someone elsewhere (another address, no cookie) guesses her password.
    for (let i = 0; i < 6; i++) {
      const guess = await send(`${t.url}/api/auth/sign-in`, {
        method: 'POST',
        localAddress: '127.0.0.9',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: ORGANISER.email, password: `guess-${i}`, kind: 'api' }),
      });
      expect(guess.status).toBe(i < 5 ? 401 : 429);
    }
    // A new device, even with the right password, waits.
    const stranger = new Browser(t.url, 'new tablet');
    const held = await stranger.signIn(ORGANISER.email, ORGANISER.password);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(30);
    // Her laptop signs in, API and page alike.
    expect((await laptop.signIn(ORGANISER.email, ORGANISER.password)).status).toBe(200);
    const page = await laptop.signInOnPage(ORGANISER.email, ORGANISER.password);
    expect(page.status).toBe(303);
    // The untrusted one's page says how long, in its language.
    const heldPage = await stranger.signInOnPage(ORGANISER.email, ORGANISER.password);
    expect(heldPage.status).toBe(429);
    expect(heldPage.body).toMatch(/Try again in (\d+ s|1 min), or sign in on a device/);
    expect(t.log()).toContain(
      `5 failed sign-ins for the account ${ORGANISER.email} (on devices it has not signed in on)`,
    );
  });

  test('a device cookie made up, or one issued for another account, vouches for nothing', async () => {
    const judge = await t.account('judge', 'hall-judge@example.org');
    expect(judge.Authorization).toBeDefined();
    const own = new Browser(t.url, 'judge phone');
    expect((await own.signIn('hall-judge@example.org', 'judge-password-1')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await send(`${t.url}/api/auth/sign-in`, {
        method: 'POST',
        localAddress: '127.0.0.10',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'other-judge@example.org', password: 'x', kind: 'api' }),
      });
    }
    // The judge's cookie is for her account, not this one: the attempt is untrusted and waits.
    const cookie = await own.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'other-judge@example.org', password: 'x', kind: 'api' }),
    });
    expect(cookie.status).toBe(429);
    const forged = await send(`${t.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: 'arbiter_device=AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
      },
      body: JSON.stringify({ email: 'other-judge@example.org', password: 'x', kind: 'api' }),
    });
    expect(forged.status).toBe(429);
  });
});

describe(`TRUST_PROXY and HOST (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let proxy: http.Server;
  let proxyUrl: string;
  beforeAll(async () => {
    // The proxy runs on 127.0.0.1; the server trusts that address only, and listens on it only.
    t = await startTestApp(undefined, {
      TRUST_PROXY: '127.0.0.1',
      HOST: '127.0.0.1',
      SIGN_IN_FIRST_WAIT_MS: '60000',
    });
    const target = new URL(t.url);
    // A reverse proxy as nginx's `proxy_add_x_forwarded_for` does it: the client's own
    // X-Forwarded-For, then the address the proxy saw.
    proxy = http.createServer((req, res) => {
      const seen = req.socket.remoteAddress!.replace(/^::ffff:/, '');
      const before = req.headers['x-forwarded-for'];
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          localAddress: '127.0.0.1',
          headers: {
            ...req.headers,
            'x-forwarded-for': before ? `${String(before)}, ${seen}` : seen,
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await t?.close();
  });

  test('rotating X-Forwarded-For does not get round the throttle, through the proxy or around it', async () => {
    const guess = (base: string, localAddress: string, i: number) =>
      send(`${base}/api/codes/${wrong(4000 + i)}`, {
        localAddress,
        headers: { 'User-Agent': 'rotating guesser', 'X-Forwarded-For': `203.0.113.${i % 250}` },
      });
    // Through the proxy, from 127.0.0.3: the proxy appends 127.0.0.3, which is what counts.
    const proxied: number[] = [];
    for (let i = 0; i < 25; i++) proxied.push((await guess(proxyUrl, '127.0.0.3', i)).status);
    expect(proxied).toEqual([...Array(20).fill(404), ...Array(5).fill(429)]);
    // Straight to the server from 127.0.0.2 (not a trusted proxy): its header is not read.
    const direct: number[] = [];
    for (let i = 0; i < 25; i++) direct.push((await guess(t.url, '127.0.0.2', 100 + i)).status);
    expect(direct).toEqual([...Array(20).fill(404), ...Array(5).fill(429)]);
    // The proxy's word on the client is believed: another client behind it is not held.
    expect((await guess(proxyUrl, '127.0.0.4', 200)).status).toBe(404);
    // Sign-in likewise: 20 wrong passwords from one client, rotating the header, hold it.
    const signIn = (i: number) =>
      send(`${proxyUrl}/api/auth/sign-in`, {
        method: 'POST',
        localAddress: '127.0.0.5',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i}` },
        body: JSON.stringify({ email: `spray-${i}@example.org`, password: 'wrong', kind: 'api' }),
      });
    const signIns: number[] = [];
    for (let i = 0; i < 22; i++) signIns.push((await signIn(i)).status);
    expect(signIns.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(signIns.slice(20)).toEqual([429, 429]);
  });

  test('HOST: the server listens on that address only', async () => {
    const port = new URL(t.url).port;
    await expect(send(`http://127.0.0.2:${port}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    expect((await send(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe(`two servers on one database (${DATABASE_KIND})`, () => {
  test('they share the counts, and a restart forgets none', async () => {
    const a = await startTestApp(undefined, { SIGN_IN_FIRST_WAIT_MS: '60000' });
    const b = await a.another();
    let restarted: TestApp | undefined;
    try {
      const signIn = (s: TestApp, password: string) =>
        s.http
          .post('/api/auth/sign-in')
          .send({ email: 'two-servers@example.org', password, kind: 'api' });
      // Five wrong passwords, alternating between the servers: 3 on A, 2 on B.
      for (let i = 0; i < 5; i++) await signIn(i % 2 ? b : a, `wrong-${i}`).expect(401);
      await signIn(a, 'wrong-5').expect(429);
      await signIn(b, 'wrong-6').expect(429);
      // Wrong codes likewise: 10 on each, from one client, and the 21st waits on either.
      const guess = (s: TestApp, i: number) =>
        s.http.get(`/api/codes/${wrong(5000 + i)}`).set('User-Agent', 'two-server guesser');
      for (let i = 0; i < 20; i++) await guess(i % 2 ? b : a, i).expect(404);
      await guess(a, 20).expect(429);
      await guess(b, 21).expect(429);
      // A is stopped and started again: the waits still run.
      restarted = await a.restart();
      const held = await signIn(restarted, 'wrong-7').expect(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(30);
      await guess(restarted, 22).expect(429);
    } finally {
      await b.close();
      await (restarted ?? a).close();
    }
    // Three server starts, each of them half a minute on a loaded machine.
  }, 240_000);
});
