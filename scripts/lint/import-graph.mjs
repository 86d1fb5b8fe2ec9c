// The import graph of the workspaces' TypeScript sources and its cycles, for
// scripts/check-imports.mjs. Every import counts, type-only ones included: a type cycle ties the
// files together as much as a value cycle does (they change, compile and are read together).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.data'])

/** Every module specifier a file names: import and export declarations (type-only too),
 * `import x = require()`, `import()` calls and `import('...')` types. */
export function moduleSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const found = []
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text)
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function isFile(path) {
  return existsSync(path) && statSync(path).isFile()
}

/** A relative specifier as NodeNext writes it (`./x.js`) to the source file it names. */
function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier)
  const stem = base.replace(/\.(m|c)?js$/, '')
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.d.ts`,
    join(base, 'index.ts'),
  ]
  return candidates.find((path) => path.endsWith('ts') && isFile(path))
}

function sourceFiles(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(m)?ts$/.test(entry.name) ? [path] : []
  })
}

/** The workspaces of the root package.json, with their package names. */
export function workspaces(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return (pkg.workspaces ?? []).map((dir) => {
    const own = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'))
    return { dir: join(root, dir), name: own.name }
  })
}

/**
 * The graph over every .ts file under the workspaces' src/ folders: file -> the files it imports.
 * A workspace package (`@suite/proto`) counts as its src/index.ts, so a cycle between packages
 * shows too; other packages are outside the graph.
 */
export function importGraph(root) {
  const spaces = workspaces(root)
  const packageEntry = new Map(
    spaces.map((space) => [space.name, join(space.dir, 'src', 'index.ts')]),
  )
  const files = spaces.flatMap((space) => sourceFiles(join(space.dir, 'src')))
  const graph = new Map()
  for (const file of files) {
    const targets = new Set()
    for (const specifier of moduleSpecifiers(file, readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.')
        ? resolveRelative(file, specifier)
        : packageEntry.get(specifier)
      if (target !== undefined && isFile(target)) targets.add(target)
    }
    graph.set(file, [...targets].sort())
  }
  return graph
}

/** Tarjan's strongly connected components; only those that are cycles (more than one file, or
 * a file importing itself), each sorted, in a stable order. */
export function cycles(graph) {
  let index = 0
  const indexOf = new Map()
  const lowLink = new Map()
  const stack = []
  const onStack = new Set()
  const components = []

  const connect = (node) => {
    indexOf.set(node, index)
    lowLink.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next)
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)))
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node), indexOf.get(next)))
      }
    }
    if (lowLink.get(node) === indexOf.get(node)) {
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      components.push(component)
    }
  }

  for (const node of [...graph.keys()].sort()) {
    if (!indexOf.has(node)) connect(node)
  }
  return components
    .filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]))
    .map((c) => c.sort())
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/** One shortest closed path through a component, from its first file: what to read first. */
export function shortestLoop(graph, component) {
  const members = new Set(component)
  const start = component[0]
  const previous = new Map()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(previous.get(path[0]))
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return [start]
}
