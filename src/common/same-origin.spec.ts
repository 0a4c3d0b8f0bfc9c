import type { Request } from 'express';
import { pageSentFrom } from './same-origin';

const sent = (host: string | undefined, referer: string | undefined) =>
  pageSentFrom({ headers: { host, referer } } as unknown as Request);

describe('the page of this site a request came from', () => {
  test.each([
    // host, Referer → the page
    ['hall.example.org', 'https://hall.example.org/t/AB12CD34EF?lang=hr', '/t/AB12CD34EF?lang=hr'],
    ['Hall.Example.org:3000', 'http://hall.example.org:3000/judge', '/judge'],
    ['hall.example.org', 'https://other.example.org/t/AB12CD34EF', null],
    ['hall.example.org', 'https://hall.example.org:8443/t/AB12CD34EF', null],
    ['hall.example.org', 'not a url', null],
    ['hall.example.org', undefined, null],
    [undefined, 'https://hall.example.org/judge', null],
  ])('host %s, Referer %s: %s', (host, referer, page) => {
    expect(sent(host, referer)).toBe(page);
  });
});
