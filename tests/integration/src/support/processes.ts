import { readFileSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * A free port for a listener started later, below Linux's ephemeral range
 * (freePortBlock): a port the kernel hands out (listen on 0) lies inside that
 * range, where an outgoing connection of another process could take it before
 * the listener binds (a gateway failed to start with EADDRINUSE on 39999 so).
 */
export function freePort(): Promise<number> {
  return freePortBlock(1)
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * Ports this process has handed out. A port is free until its process listens, which may be
 * seconds later: a suite's HTTP port, picked first, was once handed out again inside the block
 * of gRPC ports picked next, and its launcher refused to start ("PORT collides with the gRPC
 * ports").
 */
const handedOut = new Set<number>()

/**
 * The first port of `size` consecutive free ports, picked at random in [low, high).
 * The default range lies below Linux's ephemeral ports (32768-60999): there,
 * an outgoing connection of a service already started could take a port of
 * the block before the service meant for it listens (EADDRINUSE). A port handed out before by
 * this process is not handed out again.
 */
export async function freePortBlock(size: number, low = 20000, high = 30000): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = low + Math.floor(Math.random() * (high - low - size))
    let free = true
    for (let port = base; port < base + size && free; port += 1) {
      free = !handedOut.has(port) && (await portIsFree(port))
    }
    if (free) {
      for (let port = base; port < base + size; port += 1) handedOut.add(port)
      return base
    }
  }
  throw new Error(`no block of ${size} free ports between ${low} and ${high}`)
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Every process below `pid` (Linux /proc); empty where /proc is unavailable. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>()
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  for (const entry of entries) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const children = parents.get(ppid) ?? []
      children.push(Number(entry))
      parents.set(ppid, children)
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    const current = queue.shift() as number
    for (const child of parents.get(current) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * SIGTERM the launcher and wait for it to exit; after `graceMs`, SIGKILL it and
 * whatever it started that is still running. Returns false if it had to kill.
 */
export async function stopProcess(pid: number, graceMs = 15_000): Promise<boolean> {
  if (!isAlive(pid)) return true
  const children = descendants(pid)
  process.kill(pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await sleep(100)
  }
  for (const child of [...descendants(pid), ...children]) {
    if (isAlive(child)) process.kill(child, 'SIGKILL')
  }
  if (isAlive(pid)) process.kill(pid, 'SIGKILL')
  return false
}

/** The last `lines` lines of a log file, or a note that there is none. */
export function tail(file: string, lines = 80): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return `(no log at ${file})`
  }
}
