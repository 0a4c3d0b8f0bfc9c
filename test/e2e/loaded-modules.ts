import { writeFileSync } from 'fs';
import { join } from 'path';
import type { TestApp } from './harness';

/**
 * Loaded into the server before anything else (NODE_OPTIONS=--require): answers
 * `/__modules` with the files the process has loaded, before the application sees it.
 */
const PRELOAD = `
const http = require('http');
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request' && req.url === '/__modules') {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(Object.keys(require.cache)));
    return true;
  }
  return emit.apply(this, arguments);
};
`;

/**
 * The environment that makes a server started with it answer `/__modules` ({@link loadedModules});
 * the preload is written into `dir`.
 */
export function answeringLoadedModules(dir: string): Record<string, string> {
  const preload = join(dir, 'modules.js');
  writeFileSync(preload, PRELOAD);
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim() };
}

/** The files the server's process has loaded so far. */
export async function loadedModules(t: TestApp): Promise<string[]> {
  return (await t.http.get('/__modules').expect(200)).body as string[];
}
