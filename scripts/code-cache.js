/*
 * Runs a CommonJS file (the server's bundle) with V8's code cache kept beside it, so that a start
 * does not compile again what the last start compiled. Node 20 has no compile cache of its own
 * (module.enableCompileCache came in Node 22), and a cache made when a script is compiled holds
 * only its top level: every function of a bundle is compiled lazily, when first called. So the
 * cache is made once the program says it is ready (its `started` export resolves), when the
 * functions a start calls have all been compiled, and kept until the file changes. The file must
 * not use import(): a script compiled from a cache loses Node's hook for it (the bundle has none,
 * scripts/build.js makes them require()).
 * Plain JavaScript: it runs before anything is compiled.
 */
'use strict';
const fs = require('fs');
const Module = require('module');
const path = require('path');
const vm = require('vm');

/**
 * What the kept cache must have been made for. V8 checks its own version and flags and the
 * source's length, not its text: the file's size and modification time stand for the text.
 */
function cacheKey(file) {
  const s = fs.statSync(file);
  return `${process.version} ${process.arch} ${s.size} ${s.mtimeMs}\n`;
}

/** The kept cache when it was made for the file as it is now, else undefined. */
function readCache(cacheFile, key) {
  let bytes;
  try {
    bytes = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(10);
  if (end < 0 || bytes.toString('utf8', 0, end + 1) !== key) return undefined;
  return bytes.subarray(end + 1);
}

/** Writes the cache whole or not at all (another start may be reading it); a read-only tree keeps none. */
function writeCache(cacheFile, key, data) {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    fs.writeFileSync(partial, Buffer.concat([Buffer.from(key, 'utf8'), data]));
    fs.renameSync(partial, cacheFile);
    return true;
  } catch {
    fs.rmSync(partial, { force: true });
    return false;
  }
}

/**
 * Runs `file` as the module it would be if required, compiled with the cache kept in
 * `file + '.v8cache'` when that was made for this very file. With no such cache (or one V8
 * refused), a new one is made once `module.exports.started` (a promise) settles, or at once if
 * the file exports none. Resolves to what happened to the cache: 'used', 'made' or 'none'.
 */
function runWithCodeCache(file) {
  const filename = path.resolve(file);
  const cacheFile = `${filename}.v8cache`;
  const key = cacheKey(filename);
  const cachedData = readCache(cacheFile, key);
  const script = new vm.Script(Module.wrap(fs.readFileSync(filename, 'utf8')), {
    filename,
    cachedData,
  });
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(path.dirname(filename));
  Module._cache[filename] = mod;
  const req = Module.createRequire(filename);
  const run = script.runInThisContext({ displayErrors: true });
  run.call(mod.exports, mod.exports, req, mod, filename, path.dirname(filename));
  mod.loaded = true;
  if (cachedData && !script.cachedDataRejected) return Promise.resolve('used');
  const ready = mod.exports && mod.exports.started;
  return Promise.resolve(ready)
    .catch(() => undefined)
    .then(() => (writeCache(cacheFile, key, script.createCachedData()) ? 'made' : 'none'));
}

module.exports = { runWithCodeCache };
