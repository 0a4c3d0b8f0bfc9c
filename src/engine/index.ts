/**
 * Arbiter's rules engine: rule sets as data, score-sheet reading, replay and
 * the verification report. Pure TypeScript: no framework imports.
 */
export * from './alphabet';
export * from './board';
export * from './notation';
export * from './report';
export * from './rules';
export * from './ruleset';
export * from './rulesets';
export * from './scoresheet';
export * from './verify';
export * from './words';
export * from './report-text';
export * from './simulate';
export * from './gcg';
export * from './cards';
export * from './result';
