import { pathId } from './path-id';

/**
 * The checks before a route read its path id as the route will (the global ValidationPipe's
 * `+value`, then ParseIdPipe): one spelling read two ways would check one row and act on another.
 */
describe('pathId: the row a path id names', () => {
  it.each(['2', '02', '2.0', '2e0', ' 2', '+2', '0x2'])(
    '%j is row 2, as +value reads it',
    (raw) => {
      expect(+raw).toBe(2);
      expect(pathId(raw)).toBe(2);
    },
  );

  it.each(['0', '', ' ', 'abc', '1.5', '-2', '2147483648', 'Infinity'])(
    '%j names no row',
    (raw) => {
      expect(pathId(raw)).toBeNull();
    },
  );
});
