#!/usr/bin/env node
/*
 * `npm start`: builds when a source changed since the last build (scripts/build.js), then
 * runs the bundled server (the same server as dist/src/main.js, in one file) in this same
 * process, where a prestart script cost a second Node start, with the code V8 compiled for
 * the last start kept beside the bundle (scripts/code-cache.js).
 * Plain JavaScript: it runs before anything is compiled.
 */
'use strict';
const path = require('path');
const { buildIfChanged, SERVER_BUNDLE } = require('./build');
const { runWithCodeCache } = require('./code-cache');

const status = buildIfChanged();
if (status === 0) void runWithCodeCache(path.join(__dirname, '..', SERVER_BUNDLE));
else process.exitCode = status;
