import { access, mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { InvalidError, NotFoundError } from '@suite/runtime'
import { isObjectId, isLookupRefName, type ObjectFormat } from '../domain/ref-names.js'
import { gitText, runGit, type GitEnvironment } from '../git/git-command.js'
import { repositoryPath } from './repository-paths.js'

/**
 * update-ref's old value for "the ref must not exist yet". git reads the empty
 * string so in repositories of either object format, where forty zeros are an
 * invalid id in a SHA-256 one ("not a valid old SHA1").
 */
export const ZERO_OID = ''

/** One project's bare repository and the git commands on it. */
export class Repo {
  constructor(
    readonly gitEnv: GitEnvironment,
    readonly gitDir: string,
  ) {}

  run(args: readonly string[], options?: Parameters<typeof runGit>[3]) {
    return runGit(this.gitEnv, this.gitDir, args, options)
  }

  text(args: readonly string[], options?: Parameters<typeof runGit>[3]) {
    return gitText(this.gitEnv, this.gitDir, args, options)
  }

  async exists(): Promise<boolean> {
    try {
      await access(join(this.gitDir, 'HEAD'))
      return true
    } catch {
      return false
    }
  }

  /** Every branch and tag with its object id: `refs/heads/x` -> oid. */
  async refs(
    patterns: readonly string[] = ['refs/heads', 'refs/tags'],
  ): Promise<Map<string, string>> {
    const out = await this.text(['for-each-ref', '--format=%(objectname) %(refname)', ...patterns])
    const refs = new Map<string, string>()
    for (const line of out.split('\n')) {
      const space = line.indexOf(' ')
      if (space > 0) refs.set(line.slice(space + 1), line.slice(0, space))
    }
    return refs
  }

  /** The object id of one full ref, or undefined. */
  async refTarget(fullRef: string): Promise<string | undefined> {
    const { stdout, exitCode } = await this.run(
      ['rev-parse', '-q', '--verify', '--end-of-options', fullRef],
      { okCodes: [1, 128] },
    )
    return exitCode === 0 ? stdout.toString('utf8').trim() : undefined
  }

  /** The branch HEAD names, without refs/heads/. */
  async headBranch(): Promise<string | undefined> {
    const { stdout, exitCode } = await this.run(['symbolic-ref', '-q', 'HEAD'], { okCodes: [1] })
    const ref = stdout.toString('utf8').trim()
    return exitCode === 0 && ref.startsWith('refs/heads/')
      ? ref.slice('refs/heads/'.length)
      : undefined
  }

  /**
   * The commit a user-given ref names: a branch, then a tag, then a commit id
   * (GitLab's order). Undefined when it names nothing or is not a ref at all.
   */
  async resolveCommit(ref: string): Promise<string | undefined> {
    const candidates: string[] = []
    if (isLookupRefName(ref)) candidates.push(`refs/heads/${ref}`, `refs/tags/${ref}`)
    if (isObjectId(ref)) candidates.push(ref)
    for (const candidate of candidates) {
      const oid = await this.refTarget(`${candidate}^{commit}`)
      if (oid) return oid
    }
    return undefined
  }

  /** Size on disk in bytes (GitLab's repository_size). */
  async sizeBytes(): Promise<number> {
    return directorySize(this.gitDir)
  }
}

async function directorySize(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += await directorySize(path)
    else if (entry.isFile()) total += (await stat(path)).size
  }
  return total
}

/** Finds project repositories under the configured root. */
export class RepositoryStore {
  constructor(
    readonly root: string,
    readonly gitEnv: GitEnvironment,
  ) {}

  repo(projectId: number): Repo {
    return new Repo(this.gitEnv, repositoryPath(this.root, projectId))
  }

  /**
   * `git init --bare` with HEAD on the default branch, in the given object
   * format (SHA-1 unless asked); false when it already existed.
   */
  async create(
    projectId: number,
    defaultBranch: string,
    objectFormat: ObjectFormat = 'sha1',
  ): Promise<boolean> {
    const repo = this.repo(projectId)
    if (await repo.exists()) return false
    await mkdir(repo.gitDir, { recursive: true })
    await runGit(this.gitEnv, repo.gitDir, [
      'init',
      '--bare',
      '--quiet',
      `--initial-branch=${defaultBranch}`,
      `--object-format=${objectFormat}`,
      repo.gitDir,
    ])
    return true
  }

  /**
   * A fork's repository (Gitaly's CreateFork): a new bare repository in the
   * source's object format that fetches the source's branches and tags, HEAD
   * on the source's default branch. Undefined when the target already had a
   * repository; else the default branch (undefined for an empty source).
   */
  async fork(
    sourceId: number,
    targetId: number,
  ): Promise<{ created: boolean; defaultBranch: string | undefined }> {
    const source = this.repo(sourceId)
    if (!(await source.exists())) throw new NotFoundError('Repository')
    const format = (await source.text(['rev-parse', '--show-object-format'])).trim()
    const head = await source.headBranch()
    const created = await this.create(
      targetId,
      head ?? 'main',
      format === 'sha256' ? 'sha256' : 'sha1',
    )
    if (!created) return { created: false, defaultBranch: undefined }
    const target = this.repo(targetId)
    await target.run([
      'fetch',
      '--quiet',
      '--no-write-fetch-head',
      source.gitDir,
      '+refs/heads/*:refs/heads/*',
      '+refs/tags/*:refs/tags/*',
    ])
    return { created: true, defaultBranch: head }
  }

  /**
   * A fork's branch fetched into its upstream's repository as
   * refs/merge-requests/<iid>/head (Gitaly's FetchSourceBranch): the commit
   * the ref now names, or undefined (the ref untouched) when the source
   * repository or branch is missing. Names are checked before git sees them.
   */
  async fetchSourceBranch(
    sourceId: number,
    branch: string,
    targetId: number,
    iid: number,
  ): Promise<string | undefined> {
    if (!isLookupRefName(branch)) return undefined
    if (!Number.isSafeInteger(iid) || iid <= 0) throw new InvalidError({}, 'iid is invalid')
    const source = this.repo(sourceId)
    const target = this.repo(targetId)
    if (!(await target.exists())) throw new NotFoundError('Repository')
    if (!(await source.exists())) return undefined
    const head = await source.refTarget(`refs/heads/${branch}^{commit}`)
    if (head === undefined) return undefined
    const ref = `refs/merge-requests/${iid}/head`
    // Already fetched: no write, so the workers' frequent reads never contend for the ref's lock.
    if ((await target.refTarget(`${ref}^{commit}`)) === head) return head
    await target.run([
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      source.gitDir,
      `+refs/heads/${branch}:${ref}`,
    ])
    return target.refTarget(`${ref}^{commit}`)
  }

  /** Removes a bare repository (undoing a failed project creation); false when there was none. */
  async delete(projectId: number): Promise<boolean> {
    const repo = this.repo(projectId)
    if (!(await repo.exists())) return false
    await rm(repo.gitDir, { recursive: true, force: true })
    return true
  }
}

/** The commit each full ref peels to (undefined for a missing ref or a tree/blob), in order. */
export async function peelToCommits(
  repo: Repo,
  fullRefs: readonly string[],
): Promise<(string | undefined)[]> {
  if (fullRefs.length === 0) return []
  const { stdout } = await repo.run(['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
    input: fullRefs.map((ref) => `${ref}^{commit}\n`).join(''),
  })
  return stdout
    .toString('utf8')
    .split('\n')
    .slice(0, fullRefs.length)
    .map((line) => {
      const [oid, type] = line.split(' ')
      return type === 'commit' ? oid : undefined
    })
}
