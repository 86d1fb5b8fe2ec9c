#!/usr/bin/env node
// Fails on any import cycle in the workspaces' sources (packages/*, services/*,
// tests/integration), type-only imports included: a cycle is two layers that cannot change or be
// read apart (merge-requests' domain and store through deps.ts and stores.ts, projects' policy
// files). The folder rules (what domain/, store/ and migrations/ may import) are ESLint's, in
// scripts/lint/layers.mjs. Prints each cycle's files and one shortest loop through them.
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cycles, importGraph, shortestLoop } from './lint/import-graph.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

const graph = importGraph(ROOT)
const found = cycles(graph)
const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0)
const name = (file) => relative(ROOT, file)

if (found.length === 0) {
  console.log(`check-imports: no import cycle in ${graph.size} files (${edges} imports)`)
} else {
  for (const component of found) {
    console.error(`import cycle of ${component.length} files:`)
    for (const file of component) console.error(`  ${name(file)}`)
    console.error(`  loop: ${shortestLoop(graph, component).map(name).join(' -> ')}`)
  }
  console.error(`check-imports: ${found.length} import cycles in ${graph.size} files`)
  process.exit(1)
}
