import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { importRuleConfigs } from './scripts/lint/layers.mjs'
import { accessLevelRuleConfigs } from './scripts/lint/no-access-level-comparison.mjs'

// Boundaries between services and packages, and the layer rules inside each service, are in
// scripts/lint/layers.mjs; the access-level rule in scripts/lint/no-access-level-comparison.mjs.

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/proto/src/gen/**',
      '.data/**',
      'coverage/**',
      'deploy/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'scripts/lint/*.mjs',
            'bench/*.mjs',
            'tests/integration/*.js',
          ],
          // The scripts and benchmark files above are few and small.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  ...importRuleConfigs(),
  ...accessLevelRuleConfigs(),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
)
