#!/usr/bin/env node
/*
 * `npm run lint` (after ESLint): the folders of src/ must not import each other in a circle.
 * dependency-cruiser finds the cycles (.dependency-cruiser.cjs, rule no-folder-cycle); its own
 * list of known violations does not cover folder rules, so the ones there were when the rule
 * came are listed in .folder-cycles-known.json, each as "from -> to". A cycle not on the list
 * fails, and so does a listed one that is gone (take it off: the list only shrinks, to empty).
 * `--write` writes the list as the code is now.
 */
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const KNOWN = path.join(ROOT, '.folder-cycles-known.json');

const output = execFileSync(
  process.execPath,
  [
    path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
    'src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
const { summary } = JSON.parse(output);
const found = [
  ...new Set(
    summary.violations
      .filter((v) => v.rule.name === 'no-folder-cycle')
      .map((v) => `${v.from} -> ${v.to}`),
  ),
].sort();

if (process.argv.includes('--write')) {
  fs.writeFileSync(KNOWN, `${JSON.stringify(found, null, 2)}\n`);
  console.log(`${found.length} folder dependencies on a cycle written to ${path.basename(KNOWN)}`);
  process.exit(0);
}

const known = new Set(fs.existsSync(KNOWN) ? JSON.parse(fs.readFileSync(KNOWN, 'utf8')) : []);
const added = found.filter((f) => !known.has(f));
const gone = [...known].filter((k) => !found.includes(k));
if (added.length > 0) {
  console.error(
    'New import cycles between folders of src/ (docs/architecture.md says which way they point):',
  );
  for (const f of added) console.error(`  ${f}`);
  console.error(
    `See them whole: npx depcruise src --config .dependency-cruiser.cjs --output-type err`,
  );
}
if (gone.length > 0) {
  console.error(
    `No longer on a cycle, take them off ${path.basename(KNOWN)} (node scripts/folder-cycles.js --write):`,
  );
  for (const g of gone) console.error(`  ${g}`);
}
if (added.length > 0 || gone.length > 0) process.exit(1);
console.log(`folder cycles: none new (${found.length} known, listed in ${path.basename(KNOWN)})`);
