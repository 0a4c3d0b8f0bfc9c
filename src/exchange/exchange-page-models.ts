import type { FieldError, PageBase } from '../render/view-models';

/** A division of a document as the import's preview lists it. */
export interface ImportPreviewDivision {
  name: string;
  rules: string;
  players: number;
  rounds: number;
  games: number;
  results: number;
  sheets: number;
}

/** What a file would make, and the form that makes it: the copy's name and the file kept. */
export interface ImportPreviewModel {
  fileName: string;
  source: string;
  exportedAt: string | null;
  /** The day it was closed (closed copies stay closed), or null while open. */
  closedOn: string | null;
  prizes: string;
  federationIds: number;
  logEntries: number;
  divisions: ImportPreviewDivision[];
  totals: { players: number; rounds: number; games: number; results: number; sheets: number };
  confirmAction: string;
  upload: string;
  name: string;
  errors: FieldError[];
}

/** The organiser's import page: the file's form, then its preview or why it is refused. */
export interface OrganiserImportPage extends PageBase {
  uploadAction: string;
  /** The largest file taken, as people read it (`100 MB`). */
  limit: string;
  /** Why the file is refused, each with its place in the file; nothing was stored. */
  problems: string[];
  preview: ImportPreviewModel | null;
}
