/** Word lists: the shipped dictionaries, uploaded lists, and tile keys. */
export { DawgWordList } from './dawg';
export type { DawgHeader } from './dawg';
export { buildDawg, buildDawgBytes } from './dawg-builder';
export {
  clearWordListCache,
  dictionaryDir,
  loadWordList,
  readWordListFile,
  WORD_LIST_IDS,
} from './loader';
export type { WordListId } from './loader';
export { parseUploadedWordList } from './upload';
export type { UploadedWordList, UploadError } from './upload';
export {
  DIGRAPH_SPLIT,
  LATIN_AZ_KEYS,
  readSerbianWord,
  SERBIAN_TILE_KEYS,
  tileCount,
  TileKeyError,
  toLatinAZKey,
  toTileKey,
} from './tile-key';
export type { TileKeyResult } from './tile-key';
