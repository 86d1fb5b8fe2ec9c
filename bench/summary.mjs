// What a bench run prints and keeps: the table of every row beside its
// group's baselines, with CPU ms per request per process under each suite row;
// the open-model load run; the scale step; a Markdown table of the suite rows
// for the README; and bench/results/latest.json with the machine it ran on.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { round } from './process-cpu.mjs'

const EXPRESS = 'express 5, same body from memory'
const BARE = 'bare node, same body'

/** Writes `text` to stdout. */
function out(text) {
  process.stdout.write(text)
}

/** `value` as a percentage with one decimal, or '-'. */
function percent(value) {
  return value === null ? '-' : `${(value * 100).toFixed(1)}%`
}

/** `value` right-aligned in `width` columns, '-' when missing. */
function cell(value, width) {
  return String(value ?? '-').padStart(width)
}

/** Each row with its req/s over its group's Express and bare-node baselines (null for none). */
export function withRatios(rows) {
  const baseline = (row, title) =>
    rows.find((other) => other.group === row.group && other.title === title)
  return rows.map((row) => {
    const express = baseline(row, EXPRESS)
    const bare = baseline(row, BARE)
    return {
      ...row,
      ratio_express: express ? round(row.rps / express.rps, 4) : null,
      ratio_bare: bare ? round(row.rps / bare.rps, 4) : null,
    }
  })
}

/** Below this many CPU ms per request a process is summed into "rest". */
const SHOWN_MS = 0.05

/**
 * "gateway 0.41, postgres 0.22, rest 0.03, total 1.3" from a
 * cpu_ms_per_request object, then what this process (autocannon) and the
 * machine's other processes took when that is worth a look.
 */
function cpuLine({
  cpu_ms_per_request: cpu,
  autocannon_cpu_ms_per_request: own,
  others_cpu_share,
}) {
  const entries = Object.entries(cpu).filter(([name]) => name !== 'total')
  const shown = entries.filter(([, ms]) => ms >= SHOWN_MS)
  const rest = entries.filter(([, ms]) => ms < SHOWN_MS).reduce((sum, [, ms]) => sum + ms, 0)
  const parts = [...shown, ...(rest > 0 ? [['rest', rest]] : []), ['total', cpu.total]]
  const others =
    others_cpu_share >= 0.05
      ? `; other processes on the machine busy ${percent(others_cpu_share)} of all CPUs`
      : ''
  return `${parts.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ')} (autocannon ${own.toFixed(2)}${others})`
}

/** The rows table, grouped, with CPU ms per request under each suite row. */
export function printRows(rows, { seconds, connections }) {
  out(`\n${seconds}s per target, ${connections} connections (closed model)\n`)
  out(
    `${'target'.padEnd(46)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)}` +
      ` ${'p99 ms'.padStart(7)} ${'vs express'.padStart(10)} ${'vs bare'.padStart(8)}\n`,
  )
  let group
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group
      out(`${group}\n`)
    }
    out(
      `  ${row.title.padEnd(44)} ${cell(row.rps.toFixed(0), 7)} ${cell(row.p50, 7)} ${cell(row.p90, 7)}` +
        ` ${cell(row.p99, 7)} ${cell(percent(row.ratio_express), 10)} ${cell(percent(row.ratio_bare), 8)}\n`,
    )
    if (row.cpu_ms_per_request) out(`      CPU ms/request: ${cpuLine(row)}\n`)
  }
}

/**
 * The open-model run against its goal: p90 < 20 ms and >= 99% 2xx, at (95% of)
 * the rate asked for.
 */
export function printLoad(load) {
  const ok = load.p90 < 20 && load.share_2xx >= 0.99 && load.rps >= 0.95 * load.rate
  out(
    `\nopen model: ${load.rate} requests/s over ${load.connections} connections for ${load.seconds}s,` +
      ` cycling ${load.paths.length} paths\n`,
  )
  out(`  ${load.paths.join('\n  ')}\n`)
  out(
    `  achieved ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p90 ${load.p90} ms, p99 ${load.p99} ms,` +
      ` ${percent(load.share_2xx)} 2xx of ${load.requests} (${JSON.stringify(load.status_codes)},` +
      ` ${load.errors} errors)\n  goal p90 < 20 ms and >= 99% 2xx at ${load.rate} req/s: ${ok ? 'met' : 'NOT met'}\n`,
  )
  out(`  CPU ms/request: ${cpuLine(load)}\n`)
}

/** The scale step's rows and p95 ratios against the goal (<= 1.5). */
export function printScale(scale) {
  out(
    `\nscale: ${scale.merge_requests} merge requests, every request uncached (bench_nonce),` +
      ` ${scale.connections} connections, ${scale.seconds_per_target}s per target\n`,
  )
  out(`  pagination measured: ${scale.pagination}\n`)
  out('  n: 2xx answers the percentiles come from (with fewer than 100, p99 is the slowest one)\n')
  for (const row of scale.rows) {
    const bad = row.non2xx + row.errors > 0 ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ''
    out(
      `  ${row.title.padEnd(52)} ${cell(row.rps.toFixed(1), 7)} req/s  p50 ${cell(row.p50, 7)}` +
        `  p95 ${cell(row.p95, 7)}  p99 ${cell(row.p99, 7)} ms  n=${row.ok}${bad}\n`,
    )
    out(`      CPU ms/request: ${cpuLine(row)}\n`)
  }
  const verdict = (ratio) => (ratio !== null && ratio <= 1.5 ? 'met' : 'NOT met')
  out(
    `  p95 large/small: filtered list ${scale.p95_ratio_filtered} (goal <= 1.5: ${verdict(scale.p95_ratio_filtered)}),` +
      ` page 2 ${scale.p95_ratio_page2}\n`,
  )
}

/** The suite rows as a Markdown table to paste into the README. */
export function printMarkdown(rows, load, scale) {
  out('\n| target | req/s | p50 ms | p90 ms | p99 ms | vs express | vs bare |\n')
  out('|---|---|---|---|---|---|---|\n')
  for (const row of rows.filter((each) => each.cpu_ms_per_request)) {
    out(
      `| ${row.title.replace(/^suite /, '')} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p90} |` +
        ` ${row.p99} | ${percent(row.ratio_express)} | ${percent(row.ratio_bare)} |\n`,
    )
  }
  if (load) {
    out(
      `| open model, ${load.rate} req/s over ${load.paths.length} endpoints | ${load.rps.toFixed(0)} |` +
        ` ${load.p50} | ${load.p90} | ${load.p99} | ${percent(load.share_2xx)} 2xx | |\n`,
    )
  }
  if (scale) {
    out(`\n| uncached list (p95 ms) | small project | ${scale.merge_requests} project | ratio |\n`)
    out('|---|---|---|---|\n')
    out(
      `| filtered | ${scale.rows[0].p95} | ${scale.rows[2].p95} | ${scale.p95_ratio_filtered} |\n`,
    )
    out(`| page 2 | ${scale.rows[1].p95} | ${scale.rows[3].p95} | ${scale.p95_ratio_page2} |\n`)
  }
}

/** The commit the run measured, with "+dirty" when the tree had changes; null outside git. */
function commit(root) {
  try {
    const git = (args) => execFileSync('git', args, { cwd: root }).toString().trim()
    return `${git(['rev-parse', 'HEAD'])}${git(['status', '--porcelain']) ? '+dirty' : ''}`
  } catch {
    return null
  }
}

/** The machine a run measured on. */
function machine() {
  const list = cpus()
  return {
    cpu_model: list[0]?.model ?? null,
    cpu_count: list.length,
    total_memory_gb: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  }
}

/** Writes bench/results/latest.json under `root`; returns its path. */
export function writeSummary(root, { settings, rows, load, manyViewers, scale }) {
  const dir = join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, 'latest.json')
  const summary = {
    date: new Date().toISOString(),
    commit: commit(root),
    machine: machine(),
    settings,
    rows: rows.map((row) => ({
      group: row.group,
      title: row.title,
      rps: round(row.rps, 1),
      p50: row.p50,
      p90: row.p90,
      p99: row.p99,
      ratio_express: row.ratio_express,
      ratio_bare: row.ratio_bare,
      cpu_ms_per_request: row.cpu_ms_per_request ?? null,
      autocannon_cpu_ms_per_request: row.autocannon_cpu_ms_per_request ?? null,
      others_cpu_share: row.others_cpu_share ?? null,
    })),
    load: load ?? null,
    many_viewers: manyViewers ?? null,
    scale: scale ?? null,
  }
  writeFileSync(path, `${JSON.stringify(summary, null, 2)}\n`)
  return path
}
