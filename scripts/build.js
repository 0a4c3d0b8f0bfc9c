#!/usr/bin/env node
/*
 * `npm run build`: compiles the server (tsc) and bundles the browser scripts (esbuild), unless
 * dist/ was built from exactly the files there are now. Every file under src/ and bench/, the
 * tsconfig files, package.json and package-lock.json are fingerprinted (path, size, modification
 * time) before a build and the fingerprint kept in dist/ once the build succeeds: any file added,
 * removed, edited or restored from elsewhere changes it, and a missing output is a rebuild too.
 * A file edited while a build runs is caught by the next one. `--force` always builds, from
 * scratch: tsc's incremental record would not write again a compiled file deleted or edited in
 * dist/ whose source has not changed.
 * `npm start` runs the same check in the server's own process (scripts/start.js).
 * Plain JavaScript: it runs before anything is compiled.
 */
'use strict';
const { execFileSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-inputs');
const INPUT_DIRS = ['src', 'bench'];
const INPUT_FILES = [
  'tsconfig.json',
  'tsconfig.build.json',
  'src/browser/tsconfig.json',
  'package.json',
  'package-lock.json',
];

/**
 * What `npm start` runs: the compiled server and the packages it loads at start-up in one file,
 * so a start reads, resolves and links one module instead of about 1,400 (a third of its CPU).
 * Two folders below dist/, as dist/src/web is: the pages find dist/assets at ../../assets.
 */
const SERVER_BUNDLE = 'dist/src/bundle/main.js';

/** Packages left out of the bundle, loaded from node_modules as without one. */
const NOT_BUNDLED = [
  // A native addon.
  'better-sqlite3',
  // Loaded only for PostgreSQL, when needed.
  'pg',
  'pg-native',
  // A fallback path of @nestjs/mapped-types for older class-transformers, never taken.
  'class-transformer/storage',
  // Loaded when a PDF is first asked for (src/web/pdf-response.ts): they stay out of start-up.
  'pdfkit',
  'fontkit',
  'qrcode',
  // Loaded when the first mail is sent (src/mail/mailer.ts), only where SMTP_URL is set.
  'nodemailer',
  // Finds its files next to its own code.
  'swagger-ui-dist',
  // Optional packages of NestJS that Arbiter does not install.
  '@nestjs/microservices',
  '@nestjs/websockets',
  '@fastify/static',
];

function walk(dir, out) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/** A digest of every input's path, size and modification time. */
function fingerprint() {
  const files = [];
  for (const dir of INPUT_DIRS) walk(path.join(ROOT, dir), files);
  for (const file of INPUT_FILES) files.push(path.join(ROOT, file));
  files.sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    let line;
    try {
      const s = fs.statSync(file);
      line = `${path.relative(ROOT, file)}\0${s.size}\0${s.mtimeMs}\n`;
    } catch {
      line = `${path.relative(ROOT, file)}\0missing\n`;
    }
    hash.update(line);
  }
  return hash.digest('hex');
}

/** The files a build makes that start-up and the pages need: the server, the CLI, the bundles. */
function outputs() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  // One esbuild call: its entry points (all in src/browser/) each give --outdir/<name>.js.
  const browser = pkg.scripts['build:browser'] || '';
  const outdir = /--outdir=(\S+)/.exec(browser);
  const bundles = outdir
    ? [...browser.matchAll(/(?:^|\s)src\/browser\/([\w-]+)\.ts(?=\s|$)/g)].map(
        (m) => `${outdir[1]}/${m[1]}.js`,
      )
    : [];
  return ['dist/src/main.js', SERVER_BUNDLE, 'dist/src/cli/main.js', ...bundles].map((f) =>
    path.join(ROOT, f),
  );
}

/**
 * Files of NestJS packages that load TypeORM, class-validator and class-transformer by name at
 * run time, through a `require` of their own made with createRequire: that would load a second
 * copy from node_modules beside the bundled one, with classes and metadata of its own. Without
 * that line, their `require('typeorm')` is the bundle's, and esbuild bundles what it names.
 */
const OWN_REQUIRE =
  /[\\/]@nestjs[\\/](typeorm[\\/]dist[\\/]common[\\/]typeorm-compat|mapped-types[\\/]dist[\\/]type-helpers\.utils)\.js$/;
const OWN_REQUIRE_LINE = /^const require = createRequire\(import\.meta\.url\);$/m;

const oneCopy = {
  name: 'one-copy',
  setup(build) {
    build.onLoad({ filter: OWN_REQUIRE }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!OWN_REQUIRE_LINE.test(text)) {
        // A new version of the package: see what it loads by name before bundling it.
        throw new Error(`${args.path} no longer makes its require with createRequire`);
      }
      return { contents: text.replace(OWN_REQUIRE_LINE, ''), loader: 'js' };
    });
  },
};

function bundleServer() {
  return require('esbuild').build({
    absWorkingDir: ROOT,
    entryPoints: ['dist/src/main.js'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: NOT_BUNDLED.flatMap((name) => [name, `${name}/*`]),
    // NestJS's class names are its providers' names in messages and logs.
    keepNames: true,
    // A start reads and parses the whole file: spaces and comments out; licences beside it.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'linked',
    // NestJS's ES modules find optional packages with createRequire(import.meta.url).
    define: { 'import.meta.url': '__bundle_url' },
    // Its main file is a UMD build whose requires esbuild cannot follow; its ES modules are plain.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    // import() made into require(): a script run from V8's code cache (scripts/code-cache.js)
    // loses Node's hook for import() (and Node 20 has none without --experimental-vm-modules).
    supported: { 'dynamic-import': false },
    banner: { js: "const __bundle_url = require('url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    plugins: [oneCopy],
  });
}

function upToDate(print) {
  let stamp;
  try {
    stamp = fs.readFileSync(STAMP, 'utf8').trim();
  } catch {
    return false;
  }
  return stamp === print && outputs().every((f) => fs.existsSync(f));
}

function build(print, afresh) {
  fs.rmSync(STAMP, { force: true });
  // No server output: the incremental record may describe files no longer there, so start afresh.
  if (afresh || !fs.existsSync(path.join(DIST, 'src', 'main.js'))) {
    fs.rmSync(path.join(DIST, '.tsbuildinfo'), { force: true });
  }
  const run = (file, args) => execFileSync(file, args, { cwd: ROOT, stdio: 'inherit' });
  run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
  const npm = process.env.npm_execpath;
  if (npm && path.basename(npm) === 'npm-cli.js') {
    run(process.execPath, [npm, 'run', '--silent', 'build:browser']);
  } else {
    run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build:browser']);
  }
  // esbuild's plugins need its asynchronous API: the bundle is made by a process of its own.
  run(process.execPath, [__filename, '--bundle-server']);
  fs.chmodSync(path.join(DIST, 'src', 'cli', 'main.js'), 0o755);
  fs.writeFileSync(STAMP, `${print}\n`);
}

/** Builds unless dist/ is up to date (or always, with `force`); the exit status a build gave. */
function buildIfChanged(force = false) {
  const print = fingerprint();
  if (!force && upToDate(print)) return 0;
  try {
    build(print, force);
    return 0;
  } catch (e) {
    // tsc and esbuild have said what is wrong; the stamp stays away, so the next start builds again.
    return typeof e.status === 'number' && e.status > 0 ? e.status : 1;
  }
}

module.exports = { buildIfChanged, SERVER_BUNDLE };

if (require.main === module && process.argv.includes('--bundle-server')) {
  bundleServer().catch(() => {
    // esbuild has said what is wrong.
    process.exitCode = 1;
  });
} else if (require.main === module) {
  process.exitCode = buildIfChanged(process.argv.includes('--force'));
}
