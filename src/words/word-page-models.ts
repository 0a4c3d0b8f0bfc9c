/** The judge's word check as a page model. */
import type { PageBase } from '../render/view-models';

/** `judge/word-check`: one verdict for the challenged play as a whole. Posts `words`. */
export interface WordCheckPage extends PageBase {
  action: string;
  /** Rule set name as shown. */
  rules: string;
  /** The words as typed. */
  words: string;
  available: boolean;
  dictionary?: string;
  verdict?: 'VALID' | 'INVALID' | null;
  errors?: string[];
}
