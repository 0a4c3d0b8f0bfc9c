// @ts-check
import eslint from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders whose code is pure: no framework, ORM, validation or I/O. */
const PURE = ['engine', 'pairing', 'standings'];

const PURE_PATTERNS = [
  {
    group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'class-validator', 'class-transformer'],
    message:
      'src/engine, src/pairing and src/standings are pure: no framework, ORM or validation imports.',
  },
  {
    group: ['fs', 'node:fs', 'fs/*', 'node:fs/*', 'child_process', 'node:child_process'],
    message: 'src/engine does no I/O: the caller reads files and hands the engine data.',
  },
];

/**
 * An entity is imported only inside its own folder (src/schema registers them all and
 * migrates their tables; every entity extends src/common/base.entity): another folder asks
 * the entity's service. The pattern reads the import as written, its first folder after the
 * `../` steps being the folder it reaches into.
 */
function entityPattern(folder) {
  return {
    regex: `^(\\.\\./)+(?!${folder}/|common/base\\.entity$)[^./][^/]*/([^/]+/)*[^/]+\\.entity$`,
    message: `an entity belongs to its own folder: ask its service instead of importing it into src/${folder} (docs/architecture.md).`,
  };
}

/** The import rules of each folder of src/: its own entities only, and purity where it is pure. */
function importRules() {
  return readdirSync(join(import.meta.dirname, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'schema')
    .map(({ name }) => ({
      files: [`src/${name}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [entityPattern(name), ...(PURE.includes(name) ? PURE_PATTERNS : [])] },
        ],
      },
    }));
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'jest.config.js',
      'scripts/build.js',
      'scripts/start.js',
      'scripts/code-cache.js',
      'scripts/folder-cycles.js',
      '.dependency-cruiser.cjs',
      'test/fixtures/processes/*.js',
      'eslint.config.mjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name='only']",
          message: 'Focused tests hide the rest of the suite.',
        },
      ],
    },
  },
  ...importRules(),
  {
    // A function longer than a screen or two hides its steps: split it (issue 35). The ones
    // longer when the rule came are listed in eslint-suppressions.json.
    files: ['src/**/*.ts'],
    ignores: ['src/schema/migrations/**', '**/*.spec.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
