/**
 * Arbiter's rules engine: rule sets as data, score-sheet reading, replay and
 * the verification report. Pure TypeScript: no framework imports.
 */
export * from './rules/alphabet';
export * from './rules/compiled';
export * from './rules/ruleset';
export * from './rules/rulesets';
export * from './rules/words';
export * from './sheet/scoresheet';
export * from './sheet/notation';
export * from './replay/simulate';
export * from './formats/gcg';
export * from './replay/board';
export * from './replay/verify';
export * from './replay/positions';
export * from './replay/cards';
export * from './replay/result';
export * from './replay/typed-result';
export * from './replay/game-sheet';
export * from './report/report';
export * from './replay/report-json';
