// The layer rules and the access-level rule, run by ESLint's Linter on snippets placed (by name)
// where eslint.config.js applies them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { importRuleConfigs } from './layers.mjs'
import { accessLevelRuleConfigs } from './no-access-level-comparison.mjs'

const ROOT = process.cwd()
const CONFIG = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  ...importRuleConfigs(),
  ...accessLevelRuleConfigs(),
]

function lint(filename, code, config = CONFIG, cwd = ROOT) {
  const linter = new Linter({ configType: 'flat', cwd })
  return linter.verify(code, config, { filename: join(cwd, filename) }).map((m) => m.ruleId)
}

const RESTRICTED = 'no-restricted-imports'
const COMPARISON = 'suite/no-access-level-comparison'

describe('layer rules', () => {
  const domain = 'services/merge-requests/src/domain/notes.ts'
  const repositoryDomain = 'services/projects/src/repository/domain/branch-rules.ts'

  it.each([
    ["import { toProto } from '../rpc/to-proto.js'"],
    ["import type { Stores } from '../store/stores.js'"],
    ["export { thing } from '../clients/projects.js'"],
    ["import { QUEUE } from '../workers/queues.js'"],
    ["import { AccessLevel, User } from '@suite/proto'"],
    ["import type { MergeRequest } from '@suite/proto'"],
    ["import type { Kysely } from 'kysely'"],
    ["import { status } from '@grpc/grpc-js'"],
    ["import type { Request } from 'express'"],
    ["import { User } from '@suite/identity'"],
  ])('the domain rejects %s', (line) => {
    expect(lint(domain, line)).toEqual([RESTRICTED])
  })

  it('applies to the repository role: its domain imports no rpc/ or store/', () => {
    expect(lint(repositoryDomain, "import { x } from '../rpc/to-proto.js'")).toEqual([RESTRICTED])
    expect(lint(repositoryDomain, "import { x } from '../../store/db.js'")).toEqual([RESTRICTED])
  })

  it('lets the domain import the proto enums, the one home of access levels and permissions', () => {
    expect(lint(domain, "import { AccessLevel, MemberPermission } from '@suite/proto'")).toEqual([])
  })

  it('lets the tests beside the domain wire real stores, but not cross a service boundary', () => {
    const test = 'services/merge-requests/src/domain/notes.db.test.ts'
    expect(lint(test, "import { testDatabase } from '../store/test-database.js'")).toEqual([])
    expect(lint(test, "import { User } from '@suite/identity'")).toEqual([RESTRICTED])
  })

  it('lets the domain import the domain, runtime and node', () => {
    const code = [
      "import { canRead } from './policy.js'",
      "import type { Caller } from '../domain/caller.js'",
      "import { NotFoundError } from '@suite/runtime'",
      "import { createHash } from 'node:crypto'",
      "import { storeName } from './store-names.js'",
    ].join('\n')
    expect(lint(domain, code)).toEqual([])
  })

  it('rejects workers/ and rpc/ in a store, not the domain', () => {
    const store = 'services/ci-triggers/src/store/pipelines.store.ts'
    expect(lint(store, "import { enqueue } from '../workers/queues.js'")).toEqual([RESTRICTED])
    expect(lint(store, "import { toProto } from '../rpc/to-proto.js'")).toEqual([RESTRICTED])
    expect(lint(store, "import type { Pipeline } from '../domain/pipeline.js'")).toEqual([])
    expect(lint(store, "import type { Kysely } from 'kysely'")).toEqual([])
  })

  it('lets a migration import other migrations, Kysely and runtime only', () => {
    const migration = 'services/projects/src/migrations/2026_11_28_1000_create_web_hooks.ts'
    expect(lint(migration, "import { toProject } from '../store/project-rows.js'")).toEqual([
      RESTRICTED,
    ])
    expect(lint(migration, "import type { Caller } from '../domain/caller.js'")).toEqual([
      RESTRICTED,
    ])
    const allowed = [
      "import * as earlier from './2026_11_26_0900_add_change_triggers.js'",
      "import { sql, type Kysely } from 'kysely'",
      "import { createOutboxTableV1 } from '@suite/runtime'",
    ].join('\n')
    expect(lint(migration, allowed)).toEqual([])
  })

  it('keeps the boundaries between services and packages', () => {
    const rpc = 'services/projects/src/rpc/register.ts'
    expect(lint(rpc, "import { x } from '@suite/merge-requests'")).toEqual([RESTRICTED])
    expect(lint(rpc, "import { x } from '@suite/proto'")).toEqual([])
    const pkg = 'packages/runtime/src/queues.ts'
    expect(lint(pkg, "import { x } from '@suite/projects'")).toEqual([RESTRICTED])
  })
})

describe('access-level comparisons', () => {
  const domain = 'services/merge-requests/src/domain/discussions.ts'

  it.each([
    'level >= AccessLevel.ACCESS_LEVEL_DEVELOPER',
    'AccessLevel.ACCESS_LEVEL_GUEST > level',
    'level < proto.AccessLevel.ACCESS_LEVEL_GUEST',
    '(grants?.accessLevel ?? 0) <= AccessLevel.ACCESS_LEVEL_OWNER',
    '(level ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS) > 0',
  ])('rejects `%s` outside a policy file', (expression) => {
    expect(lint(domain, `export const allowed = ${expression}`)).toEqual([COMPARISON])
  })

  it('rejects them in a file that only mentions policy', () => {
    const file = 'services/projects/src/domain/policy-checks/levels.ts'
    expect(lint(file, 'export const no = level >= AccessLevel.ACCESS_LEVEL_GUEST')).toEqual([
      COMPARISON,
    ])
  })

  it('accepts equality, and comparisons of other numbers', () => {
    const code = [
      'export const a = level === AccessLevel.ACCESS_LEVEL_OWNER',
      'export const b = count >= 3',
    ].join('\n')
    expect(lint(domain, code)).toEqual([])
  })

  it.each([
    'services/merge-requests/src/domain/policy.ts',
    'services/projects/src/domain/policy-conditions.ts',
    'services/identity/src/domain/group-policy.ts',
    'services/projects/src/repository/domain/policy/push-levels.ts',
  ])('accepts them in the policy file %s', (file) => {
    expect(lint(file, 'export const ok = level >= AccessLevel.ACCESS_LEVEL_DEVELOPER')).toEqual([])
  })

  describe('with type information', () => {
    let dir

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'access-level-rule-'))
      mkdirSync(join(dir, 'src'))
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      )
      writeFileSync(
        join(dir, 'src', 'levels.ts'),
        'export enum AccessLevel { NONE = 0, GUEST = 10, OWNER = 50 }\n',
      )
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    function lintTyped(code) {
      const file = join(dir, 'src', 'check.ts')
      writeFileSync(file, code)
      const config = [
        {
          files: ['**/*.ts'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir },
          },
        },
        ...accessLevelRuleConfigs(),
      ]
      return lint('src/check.ts', code, config, dir)
    }

    it('rejects a comparison of a value typed AccessLevel, with no AccessLevel.X in sight', () => {
      const code = [
        "import { AccessLevel } from './levels.js'",
        'const OWNER = AccessLevel.OWNER',
        'export function isOwner(level: AccessLevel): boolean {',
        '  return level >= OWNER',
        '}',
      ].join('\n')
      expect(lintTyped(code)).toEqual([COMPARISON])
    })

    it('accepts comparisons of plain numbers', () => {
      expect(lintTyped('export const big = (n: number): boolean => n >= 10\n')).toEqual([])
    })
  })
})
