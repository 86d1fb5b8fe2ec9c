// CPU time of the suite's processes, read from /proc: every descendant of the
// launcher (one node process per service role, named from its command line:
// "merge-requests server", "gateway"), the PostgreSQL backends serving the
// bench database (their process title names it) with their parallel workers
// as "postgres", the postmaster's other children (checkpointer, WAL writer,
// autovacuum) as "postgres background", and redis-server as "redis" (Redis on
// 127.0.0.1:6379 is shared with anything else on the machine). A snapshot is
// taken before and after a measurement; the difference over the requests
// answered is CPU ms per request. A snapshot also holds the machine's busy
// time (/proc/stat), so that what other processes spent meanwhile (the
// machine may be shared) shows as a share of all CPUs.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Milliseconds per clock tick of utime and stime (USER_HZ, 100 a second on Linux). */
function tickMs() {
  try {
    return 1000 / (Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100)
  } catch {
    return 10
  }
}

const TICK_MS = tickMs()

/** pid, ppid, comm and utime + stime (ticks) of one process; undefined once it is gone. */
function readStat(pid) {
  let text
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // comm may hold spaces and parentheses: the fields after it start at the last ')'.
  const close = text.lastIndexOf(')')
  const fields = text.slice(close + 2).split(' ')
  return {
    pid,
    comm: text.slice(text.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
  }
}

/** The process's arguments ([] when it is gone or a kernel thread). */
function readArgs(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    return []
  }
}

/** Every process on the machine, by pid. */
function allProcesses() {
  const processes = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = readStat(Number(entry))
    if (stat) processes.set(stat.pid, stat)
  }
  return processes
}

/** A launcher child's name from its arguments: ".../services/<name>/dist/main.js <role>". */
function suiteProcessName(pid, comm) {
  const args = readArgs(pid)
  const main = args.findIndex((arg) => /\/services\/[^/]+\/dist\/main\.js$/.test(arg))
  if (main >= 0) {
    const service = args[main].split('/').at(-3)
    return args[main + 1] ? `${service} ${args[main + 1]}` : service
  }
  if (args.some((arg) => arg.endsWith('launcher/dist/main.js'))) return 'launcher'
  return comm
}

/** The pids of `rootPid` and all its descendants, by the ppid tree. */
function descendants(processes, rootPid) {
  const found = new Set([rootPid])
  let grew = true
  while (grew) {
    grew = false
    for (const proc of processes.values()) {
      if (!found.has(proc.pid) && found.has(proc.ppid)) {
        found.add(proc.pid)
        grew = true
      }
    }
  }
  return found
}

/**
 * The PostgreSQL processes to count, by pid: children of a postmaster (a
 * "postgres" whose parent is not one) whose title names `database`, parallel
 * workers of those, and the other children as background.
 */
function postgresProcesses(processes, database) {
  const named = new Map()
  const isPostgres = (pid) => processes.get(pid)?.comm === 'postgres'
  const children = [...processes.values()].filter(
    (proc) => isPostgres(proc.ppid) && !isPostgres(processes.get(proc.ppid)?.ppid),
  )
  const titles = new Map(children.map((child) => [child.pid, readArgs(child.pid).join(' ')]))
  const isBackend = (title) => /\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]/.test(title)
  const ofDatabase = (title) => isBackend(title) && title.split(' ').includes(database)
  for (const [pid, title] of titles) {
    const leader = /parallel worker for PID (\d+)/.exec(title)
    if (ofDatabase(title) || (leader && ofDatabase(titles.get(Number(leader[1])) ?? ''))) {
      named.set(pid, 'postgres')
    } else if (!isBackend(title) && !leader) {
      named.set(pid, 'postgres background')
    }
  }
  return named
}

/** The machine's busy and total ticks over all CPUs since boot (/proc/stat's "cpu" line). */
function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const ticks = values.slice(0, 8).map(Number)
  const total = ticks.reduce((sum, value) => sum + value, 0)
  return { busy: total - ticks[3] - ticks[4], total }
}

/**
 * One snapshot: `processes`, pid -> { name, ticks } for the launcher
 * `launcherPid` and its descendants, the PostgreSQL processes of `database`
 * and redis-server; `machine`, busy and total ticks of all CPUs; `own`, this
 * process's CPU usage.
 */
export function cpuSnapshot(launcherPid, database) {
  const machine = machineTicks()
  const own = process.cpuUsage()
  const processes = allProcesses()
  const snapshot = new Map()
  for (const pid of descendants(processes, launcherPid)) {
    const proc = processes.get(pid)
    if (proc) snapshot.set(pid, { name: suiteProcessName(pid, proc.comm), ticks: proc.ticks })
  }
  for (const [pid, name] of postgresProcesses(processes, database)) {
    snapshot.set(pid, { name, ticks: processes.get(pid)?.ticks ?? 0 })
  }
  for (const proc of processes.values()) {
    if (proc.comm === 'redis-server' && !snapshot.has(proc.pid)) {
      snapshot.set(proc.pid, { name: 'redis', ticks: proc.ticks })
    }
  }
  return { processes: snapshot, machine, own }
}

/** CPU ms by process name between two snapshots' `processes`. */
function spentByName(before, after) {
  const ms = new Map()
  for (const [pid, { name, ticks }] of after) {
    const spent = (ticks - (before.get(pid)?.ticks ?? 0)) * TICK_MS
    ms.set(name, (ms.get(name) ?? 0) + spent)
  }
  return ms
}

/**
 * What the CPUs did between two snapshots, for `requests` answered:
 * `cpu_ms_per_request` by process name, from the costliest, "total" last (a
 * process that started in between counts from zero, one that ended in
 * between is lost); `autocannon_cpu_ms_per_request`, this process's; and
 * `others_cpu_share`, the share of all CPUs' time that processes other than
 * those and this one were busy.
 */
export function cpuBetween(before, after, requests) {
  const ms = spentByName(before.processes, after.processes)
  const perRequest = [...ms]
    .map(([name, spent]) => [name, requests > 0 ? spent / requests : 0])
    .sort((a, b) => b[1] - a[1])
  const total = perRequest.reduce((sum, [, value]) => sum + value, 0)
  const ownUsage = process.cpuUsage(before.own)
  const ownMs = (ownUsage.user + ownUsage.system) / 1000
  const suiteMs = [...ms.values()].reduce((sum, spent) => sum + spent, 0)
  const busyMs = (after.machine.busy - before.machine.busy) * TICK_MS
  const allMs = (after.machine.total - before.machine.total) * TICK_MS
  return {
    cpu_ms_per_request: Object.fromEntries(
      [...perRequest, ['total', total]].map(([name, value]) => [name, round(value, 3)]),
    ),
    autocannon_cpu_ms_per_request: requests > 0 ? round(ownMs / requests, 3) : 0,
    others_cpu_share: allMs > 0 ? round(Math.max(0, busyMs - suiteMs - ownMs) / allMs, 3) : 0,
  }
}

/** `value` to `digits` decimals. */
export function round(value, digits) {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
