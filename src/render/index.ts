/**
 * What users see: board drawings, PDF documents, view models and the
 * Handlebars set-up for `views/`. Pure functions over plain data, but for
 * reading the fonts and templates from disk.
 */
export * from './board-model';
export * from './board-svg';
export * from './cross-table';
export * from './format';
export * from './game-section';
export * from './report-view';
export * from './views';
export type * from './view-models';
export * from './pdf';
