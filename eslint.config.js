import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const featureNames = [
  'auth',
  'accounts',
  'shell',
  'profile',
  'dashboard',
  'sales',
  'refunds',
  'receipts',
  'export',
  'terminals',
  'payment-links',
  'enrollment',
  'scan-to-pay',
  'payouts',
  'developer',
  'search',
  'outbox',
  'offline',
]

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
  // Features do not import each other: shared parts go to ui/ or lib/.
  ...featureNames.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: featureNames
                .filter((n) => n !== name)
                .flatMap((n) => [
                  `@/features/${n}`,
                  `@/features/${n}/*`,
                  `../${n}/*`,
                  `../../features/${n}/*`,
                ]),
              message:
                'Features must not import each other; move shared code to src/ui or src/lib.',
            },
          ],
        },
      ],
    },
  })),
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
