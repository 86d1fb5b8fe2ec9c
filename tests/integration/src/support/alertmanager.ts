import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { freePort } from './processes'

/** The Debian package that ships Prometheus Alertmanager. */
export const ALERTMANAGER_PACKAGE = 'prometheus-alertmanager'
const BINARIES = ['prometheus-alertmanager', 'alertmanager']

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name)
    if (dir !== '' && existsSync(candidate)) return candidate
  }
  return undefined
}

function findBinary(): string | undefined {
  for (const name of BINARIES) {
    const found = onPath(name)
    if (found) return found
  }
  return undefined
}

/**
 * The Alertmanager binary, installed with apt-get when missing and this
 * process may; undefined (with the reason) when it cannot be had.
 */
export function alertmanagerBinary(): { binary?: string; reason?: string } {
  const present = findBinary()
  if (present) return { binary: present }
  if (process.getuid?.() !== 0) return { reason: 'not installed, and not root to apt-get it' }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update'], { stdio: 'ignore', env, timeout: 300_000 })
  const install = spawnSync('apt-get', ['install', '-y', ALERTMANAGER_PACKAGE], {
    stdio: 'ignore',
    env,
    timeout: 300_000,
  })
  const installed = findBinary()
  return installed
    ? { binary: installed }
    : { reason: `apt-get install failed (exit ${String(install.status)})` }
}

export interface RunningAlertmanager {
  url: string
  /** Everything it logged so far. */
  log: () => string
  stop: () => Promise<void>
}

/**
 * Starts Alertmanager on a loopback port with `config` (YAML), clustering
 * off, its data in a temporary directory, logging at debug level so that each
 * notification's outcome shows.
 */
export async function startAlertmanager(
  binary: string,
  config: string,
): Promise<RunningAlertmanager> {
  const dir = mkdtempSync(join(tmpdir(), 'alertmanager-'))
  const configFile = join(dir, 'alertmanager.yml')
  writeFileSync(configFile, config)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child: ChildProcess = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=debug',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`alertmanager exited (${String(child.exitCode)}):\n${output}`)
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`alertmanager was not ready in 20 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, log: () => output, stop }
}
