#!/usr/bin/env node
/*
 * `npm start`: builds when a source changed since the last build (scripts/build.js), then
 * runs the server in this same process, where a prestart script cost a second Node start.
 * Plain JavaScript: it runs before anything is compiled.
 */
'use strict';
const { buildIfChanged } = require('./build');

const status = buildIfChanged();
if (status === 0) require('../dist/src/main.js');
else process.exitCode = status;
