import { createHash } from 'node:crypto'
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

/**
 * Where the embedded PostgreSQL's programs and cluster live. As root, PostgreSQL
 * runs as the postgres user, who must reach both: a clone under /root or
 * `mktemp -d` is closed to it, so what it cannot reach moves under /var/tmp,
 * which survives reboots (unlike /tmp) and which every user may traverse.
 */
export interface PostgresLocation {
  /** The package's `native` folder, or a copy of it the postgres user can read. */
  nativeDir: string
  /** The cluster (PGDATA). */
  clusterDir: string
  /** Set when the cluster is not under DATA_DIR, for the start-up log. */
  relocatedBecause?: string
}

export const DEFAULT_RUNTIME_PARENT = '/var/tmp'

/** The first folder on the way to `dir` (itself included) that others may not enter. */
export async function firstClosedFolder(dir: string): Promise<string | undefined> {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const { mode } = await stat(current)
    if ((mode & 0o001) === 0) return current
    if (dirname(current) === current) return undefined
  }
}

/** One folder per DATA_DIR, so two clones never share a cluster and a restart finds its own. */
export function runtimeDirFor(dataDir: string, parent = DEFAULT_RUNTIME_PARENT): string {
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)
  return join(parent, `gitlab-suite-${hash}`)
}

/**
 * Creates `dir` for root alone to write. /var/tmp is writable by everyone, so a
 * folder someone else made there first (or a symlink) is refused, not used:
 * its programs would run as the postgres user.
 */
export async function ensureRootFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 })
  const info = await lstat(dir)
  if (!info.isDirectory() || info.uid !== 0) {
    throw new Error(`${dir} exists but is not a folder owned by root; remove it and start again`)
  }
  await chmod(dir, 0o755)
}

/**
 * Copies the PostgreSQL programs next to the relocated cluster, once per package
 * version: symlinks stay relative, modes (read and execute for others) are kept.
 */
export async function copyNative(sourceDir: string, targetDir: string, version: string) {
  const stamp = join(targetDir, '.copied-from')
  const expected = `${sourceDir} ${version}\n`
  const current = await readFile(stamp, 'utf8').catch(() => undefined)
  if (current === expected) return
  const staging = `${targetDir}.tmp-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await cp(sourceDir, staging, { recursive: true, verbatimSymlinks: true })
  await writeFile(join(staging, '.copied-from'), expected)
  await rm(targetDir, { recursive: true, force: true })
  await rename(staging, targetDir)
}

/** A cluster folder PostgreSQL accepts: owned by the user it runs as, closed to everyone else. */
export async function ensureClusterFolder(dir: string, owner?: { uid: number; gid: number }) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  if (owner) {
    const info = await lstat(dir)
    if (!info.isDirectory()) throw new Error(`${dir} is not a folder`)
    await chown(dir, owner.uid, owner.gid)
  }
  await chmod(dir, 0o700)
}

export interface LocateOptions {
  dataDir: string
  /** The installed package's `native` folder. */
  packageNativeDir: string
  packageVersion: string
  /** Whether PostgreSQL will run as another user (the launcher runs as root). */
  asRoot: boolean
  runtimeParent?: string
}

/** Decides, and prepares as root, where the programs and the cluster live. */
export async function locatePostgres(options: LocateOptions): Promise<PostgresLocation> {
  const { dataDir, packageNativeDir, asRoot } = options
  const inDataDir = join(dataDir, 'postgres')
  if (!asRoot) return { nativeDir: packageNativeDir, clusterDir: inDataDir }

  const closedToPrograms = await firstClosedFolder(packageNativeDir)
  const closedToData = await firstClosedFolder(dataDir)
  if (closedToPrograms === undefined && closedToData === undefined) {
    return { nativeDir: packageNativeDir, clusterDir: inDataDir }
  }
  const runtimeDir = runtimeDirFor(dataDir, options.runtimeParent)
  await ensureRootFolder(runtimeDir)
  let nativeDir = packageNativeDir
  if (closedToPrograms !== undefined) {
    nativeDir = join(runtimeDir, 'native')
    await copyNative(packageNativeDir, nativeDir, options.packageVersion)
  }
  if (closedToData === undefined) return { nativeDir, clusterDir: inDataDir }
  const mode = ((await stat(closedToData)).mode & 0o777).toString(8)
  return {
    nativeDir,
    clusterDir: join(runtimeDir, 'postgres'),
    relocatedBecause: `the postgres user cannot enter ${closedToData} (mode ${mode})`,
  }
}
