import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

// Every folder of src/features is a feature: a new one is covered the day it is made.
const featureNames = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/*
 * One-way imports (docs/architecture.md#layout): routes → features → the shared folders below.
 * Each shared folder may import only the folders listed for it (and itself):
 *   session  → api, config, lib, offline, ui   (sign-in state; its logout dialog uses ui, the outbox)
 *   offline  → api, config, lib, ui            (persister, outbox, online status and its badges)
 *   ui       → api, config, lib                (the design system: never offline, session or policy)
 *   policy   → api, config, lib                (the one roles module; screens ask it, ui does not)
 *   lib      → api, config                     (pure helpers)
 *   api      → config
 *   config   → nothing                         (constants and id lists only)
 * features may import every shared folder but never routes or another feature; routes import
 * anything. src/test holds test helpers and is free. The server may use api, lib, policy and config
 * only (the rest needs a browser). Relative `../` imports are refused in src so the alias is the
 * only spelling these patterns have to catch. Dynamic import() is not checked by this rule.
 */
const layers = ['routes', 'features', 'session', 'offline', 'ui', 'policy', 'lib', 'api', 'config']
const mayImport = {
  session: ['api', 'config', 'lib', 'offline', 'ui'],
  offline: ['api', 'config', 'lib', 'ui'],
  ui: ['api', 'config', 'lib'],
  policy: ['api', 'config', 'lib'],
  lib: ['api', 'config'],
  api: ['config'],
  config: [],
}
const aliasOf = (folder) => [`@/${folder}`, `@/${folder}/**`]
const noParentImports = {
  group: ['../*', '../**'],
  message: "Import through the '@/' alias.",
}
const importRule = (...patterns) => ['error', { patterns: [noParentImports, ...patterns] }]

const sharedFolderRules = Object.entries(mayImport).map(([folder, allowed]) => ({
  files: [`src/${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': importRule({
      group: layers
        .filter((other) => other !== folder && !allowed.includes(other))
        .flatMap(aliasOf),
      message: `src/${folder} may import only ${allowed.join(', ') || 'itself'} (one-way imports, eslint.config.js).`,
    }),
  },
}))

// Features do not import routes or each other: shared parts go to ui/, lib/ or api/.
const featureRules = featureNames.map((name) => ({
  files: [`src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': importRule(
      {
        group: featureNames
          .filter((other) => other !== name)
          .flatMap((other) => aliasOf(`features/${other}`)),
        message:
          'Features must not import each other; move shared code to src/ui, src/lib or src/api.',
      },
      { group: aliasOf('routes'), message: 'Features must not import routes.' },
    ),
  },
}))

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      '.data',
      '.tmp',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      'bench-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // The build leaves out the route objects' Link shortcut (scripts/router-without-route-links.ts).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='Link']",
          message: "Import Link from '@tanstack/react-router': the build has no Route.Link.",
        },
      ],
    },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': importRule() },
  },
  ...sharedFolderRules,
  ...featureRules,
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['routes', 'features', 'session', 'offline', 'ui'].flatMap(aliasOf),
              message: 'The server may import only src/api, src/lib, src/policy and src/config.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain Node scripts: Node's globals, checked by ESLint rather than tsc.
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
  },
  {
    // The routes and the app shell compose features; servers and tests are Node.
    files: ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', '*.ts', '*.js'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
)
