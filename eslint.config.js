import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const SERVICES = ['gateway', 'identity', 'projects', 'merge-requests', 'ci-triggers', 'alerting']

/** Services never import each other; packages never import services. */
function boundary(allowed) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: SERVICES.filter((s) => s !== allowed).map((s) => `@suite/${s}`),
            message: 'proto/ is the only contract between services',
          },
          {
            group: ['**/services/*', '../../services/**', '../../../services/**'],
            message: 'do not reach into another package or service by path',
          },
        ],
      },
    ],
  }
}

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
            'bench/*.mjs',
            'tests/integration/*.js',
          ],
          // The scripts and benchmark files above are few and small.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 30,
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
  { files: ['packages/**/*.ts'], rules: boundary('none') },
  ...SERVICES.map((s) => ({ files: [`services/${s}/**/*.ts`], rules: boundary(s) })),
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
