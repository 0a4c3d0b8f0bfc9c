/** A name as compared: Unicode NFC, spaces collapsed, case folded (`ana  PETROVIĆ` = `Ana Petrović`). */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('sr');
}

/** A name as stored: NFC, spaces collapsed, case kept. */
export function cleanName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}
