import { randomBytes } from 'crypto';

/** Crockford's base 32: no I, L, O or U, so that a code read aloud or off paper is typed right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters of a code: 10 of base 32 are 50 random bits. */
export const CODE_LENGTH = 10;

/** A new random code, `7K2M9QX4TB`. */
export function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 31];
  return code;
}

/**
 * A code as typed, made canonical: case, spaces and dashes aside, and the letters Crockford
 * reads as digits (I and L as 1, O as 0). Null when it cannot be a code at all.
 */
export function canonicalCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** A code printed in two groups of five, `7K2M9 QX4TB`, easier to copy by hand. */
export function printedCode(code: string): string {
  return `${code.slice(0, 5)} ${code.slice(5)}`;
}
