/**
 * Text without control characters (a NUL would be refused by PostgreSQL deep in a write),
 * invisible ones (zero-width spaces and joiners, the byte-order mark) or ones that turn the
 * direction of writing (a right-to-left override makes `Ana` and `anA` look alike): none
 * belongs in a name, and each can make two different names look the same on a page.
 */
export const PRINTABLE =
  // eslint-disable-next-line no-control-regex
  /^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/;
