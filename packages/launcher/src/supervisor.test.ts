import { createLogger } from '@suite/runtime'
import { Supervisor } from './supervisor.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A child that runs until killed. */
const longRunning = (name: string) => ({
  name,
  command: process.execPath,
  args: ['-e', 'setInterval(() => {}, 1000)'],
  cwd: process.cwd(),
})

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(20)
  }
}

describe('Supervisor', () => {
  it('restarts a killed role once the suite is ready, and leaves the others alone', async () => {
    const exits: number[] = []
    const supervisor = new Supervisor(
      createLogger('test', 'silent'),
      2_000,
      { firstDelayMs: 50, maxDelayMs: 200, healthyAfterMs: 60_000 },
      (code) => exits.push(code),
    )
    supervisor.spawn(longRunning('a server'))
    supervisor.spawn(longRunning('b server'))
    supervisor.markReady()
    const pidOf = (name: string) => supervisor.running().find((child) => child.name === name)?.pid
    const first = pidOf('a server') as number
    const other = pidOf('b server')
    process.kill(first, 'SIGKILL')
    await until(() => pidOf('a server') !== undefined && pidOf('a server') !== first)
    expect(pidOf('b server')).toBe(other)
    // Killed again at once: restarted again, after a longer delay.
    const second = pidOf('a server') as number
    process.kill(second, 'SIGKILL')
    await until(() => pidOf('a server') !== undefined && pidOf('a server') !== second)
    expect(supervisor.running()).toHaveLength(2)
    await supervisor.stop(0)
    expect(exits).toEqual([0])
    expect(supervisor.running()).toEqual([])
  })

  it('restarts each replica of a role on its own, even two killed at once', async () => {
    const exits: number[] = []
    const supervisor = new Supervisor(
      createLogger('test', 'silent'),
      2_000,
      { firstDelayMs: 50, maxDelayMs: 200, healthyAfterMs: 60_000 },
      (code) => exits.push(code),
    )
    supervisor.spawn(longRunning('a server #1'))
    supervisor.spawn(longRunning('a server #2'))
    supervisor.markReady()
    const before = supervisor.running().map((child) => child.pid as number)
    for (const pid of before) process.kill(pid, 'SIGKILL')
    await until(
      () =>
        supervisor.running().length === 2 &&
        supervisor.running().every((child) => !before.includes(child.pid as number)),
    )
    expect(
      supervisor
        .running()
        .map((child) => child.name)
        .sort(),
    ).toEqual(['a server #1', 'a server #2'])
    await supervisor.stop(0)
    expect(exits).toEqual([0])
  })

  it('stops the suite when a role dies before it was ready', async () => {
    const exits: number[] = []
    const supervisor = new Supervisor(
      createLogger('test', 'silent'),
      2_000,
      { firstDelayMs: 50, maxDelayMs: 200, healthyAfterMs: 60_000 },
      (code) => exits.push(code),
    )
    const child = supervisor.spawn(longRunning('a server'))
    process.kill(child.pid as number, 'SIGKILL')
    await until(() => exits.length > 0)
    expect(exits).toEqual([1])
  })
})
