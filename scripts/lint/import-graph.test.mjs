import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from '@jest/globals'
import { cycles, importGraph, moduleSpecifiers, shortestLoop } from './import-graph.mjs'

describe('moduleSpecifiers', () => {
  it('finds every import, type-only ones included', () => {
    const text = [
      "import { a } from './a.js'",
      "import type { B } from './b.js'",
      "export * from './c.js'",
      "export type { D } from './d.js'",
      "import e = require('./e.js')",
      "const f = await import('./f.js')",
      "type G = import('./g.js').G",
      'const text = \'import { h } from "./h.js"\'',
    ].join('\n')
    expect(moduleSpecifiers('x.ts', text)).toEqual([
      './a.js',
      './b.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
    ])
  })
})

describe('cycles', () => {
  it('gives the strongly connected components that are cycles, self-imports included', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['a', 'e']],
      ['f', ['g']],
      ['g', []],
    ])
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']])
    expect(shortestLoop(graph, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a'])
    expect(shortestLoop(graph, ['e'])).toEqual(['e', 'e'])
  })

  it('answers nothing for an acyclic graph', () => {
    const graph = new Map([
      ['a', ['b', 'c']],
      ['b', ['c']],
      ['c', []],
    ])
    expect(cycles(graph)).toEqual([])
  })
})

describe('importGraph', () => {
  let root

  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function write(files) {
    root = mkdtempSync(join(tmpdir(), 'import-graph-'))
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
  }

  it('finds a cycle made of type-only imports, across folders and through a package', () => {
    write({
      'package.json': JSON.stringify({ workspaces: ['packages/base', 'services/app'] }),
      'packages/base/package.json': JSON.stringify({ name: '@s/base' }),
      'packages/base/src/index.ts': "export type { Id } from './id.js'\n",
      'packages/base/src/id.ts': 'export type Id = number\n',
      'services/app/package.json': JSON.stringify({ name: '@s/app' }),
      'services/app/src/domain/deps.ts':
        "import type { Stores } from '../store/stores.js'\nimport type { Id } from '@s/base'\nexport type Deps = { stores: Stores; id: Id }\n",
      'services/app/src/store/stores.ts':
        "import type { Deps } from '../domain/deps.js'\nexport type Stores = { deps?: Deps }\n",
      'services/app/src/main.ts': "import type { Deps } from './domain/deps.js'\n",
    })
    const graph = importGraph(root)
    const found = cycles(graph).map((c) => c.map((file) => file.slice(root.length + 1)))
    expect(found).toEqual([['services/app/src/domain/deps.ts', 'services/app/src/store/stores.ts']])
    expect(graph.get(join(root, 'services/app/src/domain/deps.ts'))).toContain(
      join(root, 'packages/base/src/index.ts'),
    )
  })

  it('resolves ./folder to its index.ts', () => {
    write({
      'package.json': JSON.stringify({ workspaces: ['services/app'] }),
      'services/app/package.json': JSON.stringify({ name: '@s/app' }),
      'services/app/src/rpc/index.ts': "import { main } from '../main.js'\nexport const x = main\n",
      'services/app/src/main.ts': "import { x } from './rpc'\nexport const main = x\n",
    })
    expect(cycles(importGraph(root))).toHaveLength(1)
  })
})
