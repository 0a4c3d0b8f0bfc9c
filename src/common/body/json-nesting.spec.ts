import { JsonNesting, MAX_JSON_DEPTH, nestsDeeperThan } from './json-nesting';

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('JSON nesting is counted before parsing', () => {
  test('a password of millions of nested lists is refused after its first levels', () => {
    const hostile = bytes(`{"password":${'['.repeat(4_000_000)}${']'.repeat(4_000_000)}}`);
    const nesting = new JsonNesting();
    // Fed as a socket delivers it: the first 64 KB chunk already goes too deep.
    expect(nesting.feed(hostile.subarray(0, 65536))).toBe(false);
    expect(nesting.tooDeep).toBe(true);
    expect(nesting.feed(hostile.subarray(65536, 131072))).toBe(false);
  });

  test('64 levels pass, 65 do not', () => {
    const at = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(new JsonNesting().feed(bytes(at(MAX_JSON_DEPTH)))).toBe(true);
    expect(new JsonNesting().feed(bytes(at(MAX_JSON_DEPTH + 1)))).toBe(false);
    expect(nestsDeeperThan(at(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(at(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  test('brackets inside strings, escaped quotes and UTF-8 do not count', () => {
    const text = `{"play":"9F ${'['.repeat(200)}","q":"\\"[[[[","name":"Đorđe Čkalja [{"}`;
    expect(new JsonNesting(2).feed(bytes(text))).toBe(true);
    expect(nestsDeeperThan(text, 2)).toBe(false);
    // An escaped backslash ends before the closing quote: what follows is outside the string.
    expect(nestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
  });

  test('depth carries over between chunks, even inside a string cut in two', () => {
    const nesting = new JsonNesting(3);
    expect(nesting.feed(bytes('[[{"a":"[[[[\\'))).toBe(true);
    expect(nesting.feed(bytes('"[[[[", "b": 1}'))).toBe(true);
    expect(nesting.feed(bytes(', [[1'))).toBe(false);
  });

  test('closing brackets never make the depth negative', () => {
    expect(new JsonNesting(1).feed(bytes(']]]]]]][[1]]'))).toBe(false);
  });
});
