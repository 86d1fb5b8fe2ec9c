import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync } from 'node:fs'
import { chownSync, lstatSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ensureRootFolder,
  firstClosedFolder,
  locatePostgres,
  runtimeDirFor,
} from './postgres-location.js'

// Ownership checks and chown need root; CI and this machine run as root.
const asRoot = process.getuid?.() === 0
if (!asRoot) {
  process.stderr.write(
    '\n*** postgres-location.test.ts: the ownership cases SKIPPED: they need root (chown) ***\n\n',
  )
}
const rootIt = asRoot ? it : it.skip

let base: string

/** A fake platform package: a program, a library and the relative symlink hydrate-symlinks makes. */
function fakeNative(parent: string): string {
  const native = join(parent, 'pkg', 'native')
  mkdirSync(join(native, 'bin'), { recursive: true })
  mkdirSync(join(native, 'lib'), { recursive: true })
  writeFileSync(join(native, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 })
  writeFileSync(join(native, 'lib', 'libpq.so.5.18'), 'lib', { mode: 0o644 })
  symlinkSync('libpq.so.5.18', join(native, 'lib', 'libpq.so.5'))
  return native
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'pg-location-'))
  chmodSync(base, 0o755)
})

afterEach(() => {
  rmSync(base, { recursive: true, force: true })
})

describe('firstClosedFolder', () => {
  it('names the folder others may not enter, or none', async () => {
    const open = join(base, 'open', 'data')
    mkdirSync(open, { recursive: true })
    expect(await firstClosedFolder(open)).toBeUndefined()
    const closed = join(base, 'closed')
    mkdirSync(join(closed, 'x', 'data'), { recursive: true })
    chmodSync(closed, 0o700)
    expect(await firstClosedFolder(join(closed, 'x', 'data'))).toBe(closed)
  })
})

describe('runtimeDirFor', () => {
  it('is stable for one DATA_DIR and differs between two', () => {
    expect(runtimeDirFor('/a/x/.data', '/var/tmp')).toBe(runtimeDirFor('/a/x/.data/', '/var/tmp'))
    expect(runtimeDirFor('/a/x/.data', '/var/tmp')).not.toBe(
      runtimeDirFor('/b/x/.data', '/var/tmp'),
    )
    expect(runtimeDirFor('/a/x/.data', '/var/tmp')).toMatch(
      /^\/var\/tmp\/gitlab-suite-[0-9a-f]{16}$/,
    )
  })
})

describe('locatePostgres', () => {
  it('keeps everything in place when not root', async () => {
    const native = fakeNative(base)
    const runtimeParent = join(base, 'runtime')
    mkdirSync(runtimeParent)
    const location = await locatePostgres({
      dataDir: join(base, '.data'),
      packageNativeDir: native,
      packageVersion: '1',
      asRoot: false,
      runtimeParent,
    })
    expect(location).toEqual({ nativeDir: native, clusterDir: join(base, '.data', 'postgres') })
  })

  rootIt('keeps everything in place as root when the postgres user can reach it', async () => {
    const native = fakeNative(base)
    const dataDir = join(base, '.data')
    mkdirSync(dataDir)
    const runtimeParent = join(base, 'runtime')
    mkdirSync(runtimeParent)
    const location = await locatePostgres({
      dataDir,
      packageNativeDir: native,
      packageVersion: '1',
      asRoot: true,
      runtimeParent,
    })
    expect(location).toEqual({ nativeDir: native, clusterDir: join(dataDir, 'postgres') })
    expect(existsSync(runtimeDirFor(dataDir, runtimeParent))).toBe(false)
  })

  rootIt('moves the programs and the cluster out of a clone closed to others', async () => {
    const clone = join(base, 'clone')
    mkdirSync(clone)
    const native = fakeNative(clone)
    const dataDir = join(clone, '.data')
    mkdirSync(dataDir)
    chmodSync(clone, 0o700)
    const runtimeParent = join(base, 'runtime')
    mkdirSync(runtimeParent)
    const options = {
      dataDir,
      packageNativeDir: native,
      packageVersion: '1',
      asRoot: true,
      runtimeParent,
    }

    const location = await locatePostgres(options)
    const runtimeDir = runtimeDirFor(dataDir, runtimeParent)
    expect(location.clusterDir).toBe(join(runtimeDir, 'postgres'))
    expect(location.nativeDir).toBe(join(runtimeDir, 'native'))
    expect(location.relocatedBecause).toBe(`the postgres user cannot enter ${clone} (mode 700)`)
    expect(statSync(runtimeDir).mode & 0o777).toBe(0o755)
    expect(statSync(join(location.nativeDir, 'bin', 'postgres')).mode & 0o777).toBe(0o755)
    expect(readlinkSync(join(location.nativeDir, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18')
    expect(readFileSync(join(location.nativeDir, 'lib', 'libpq.so.5'), 'utf8')).toBe('lib')

    // The same version is not copied again; a new one replaces the copy.
    writeFileSync(join(location.nativeDir, 'marker'), '')
    await locatePostgres(options)
    expect(existsSync(join(location.nativeDir, 'marker'))).toBe(true)
    await locatePostgres({ ...options, packageVersion: '2' })
    expect(existsSync(join(location.nativeDir, 'marker'))).toBe(false)
    expect(existsSync(join(location.nativeDir, 'bin', 'postgres'))).toBe(true)
  })

  rootIt('keeps the cluster in DATA_DIR when only the programs are out of reach', async () => {
    const clone = join(base, 'clone')
    mkdirSync(clone)
    const native = fakeNative(clone)
    chmodSync(clone, 0o700)
    const dataDir = join(base, 'data')
    mkdirSync(dataDir)
    const runtimeParent = join(base, 'runtime')
    mkdirSync(runtimeParent)
    const location = await locatePostgres({
      dataDir,
      packageNativeDir: native,
      packageVersion: '1',
      asRoot: true,
      runtimeParent,
    })
    expect(location.clusterDir).toBe(join(dataDir, 'postgres'))
    expect(location.nativeDir).toBe(join(runtimeDirFor(dataDir, runtimeParent), 'native'))
    expect(location.relocatedBecause).toBeUndefined()
  })
})

describe('ensureRootFolder', () => {
  rootIt('refuses a symlink planted where the folder goes', async () => {
    const target = join(base, 'elsewhere')
    mkdirSync(target)
    const planted = join(base, 'gitlab-suite-planted')
    symlinkSync(target, planted)
    await expect(ensureRootFolder(planted)).rejects.toThrow(/not a folder owned by root/)
    expect(lstatSync(planted).isSymbolicLink()).toBe(true)
  })

  rootIt('refuses a folder another user made first', async () => {
    const foreign = join(base, 'gitlab-suite-foreign')
    mkdirSync(foreign)
    chownSync(foreign, 65534, 65534)
    await expect(ensureRootFolder(foreign)).rejects.toThrow(/not a folder owned by root/)
  })
})
