import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'scripts', 'web/public'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Libraries only rarely used requests need are loaded on first use (`await import(…)`), not
    // at start, where every worker process would hold them (docs/benchmarks.md, memory).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...[
          'json-schema-to-typescript',
          'json-schema-to-zod',
          '@readme/openapi-parser',
          'yaml',
          'qrcode',
        ].map((name) => ({ name, message: 'Load it where it is used: `await import(…)`, not at start.' })),
      ],
    },
  },
  {
    files: ['bench/**/*.ts', 'server/src/cli/**/*.ts', 'server/test/global-setup.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
