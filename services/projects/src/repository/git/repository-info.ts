import { pickLicenseFile } from '../domain/license-file.js'
import { detectLicense, type KnownLicense } from '../domain/licenses.js'
import type { Repo } from '../store/repository-store.js'

/** What the project entity needs of its repository (GetRepositoryInfoResponse's facts). */
export interface RepositoryInfo {
  exists: boolean
  empty: boolean
  sizeBytes: number
  commitCount: number
  rootRef: string | undefined
  readmePath: string | undefined
  licensePath: string | undefined
  license: KnownLicense | undefined
}

const README = /^readme(\.[^/]*)?$/i
/** A license file larger than this is not read (license texts are a few tens of KB). */
const MAX_LICENSE_BYTES = 1024 * 1024

/** One entry of `git ls-tree -l`: a root file or directory of a commit. */
interface TreeEntry {
  type: string
  oid: string
  size: number
  name: string
}

async function rootEntries(repo: Repo, commit: string): Promise<TreeEntry[]> {
  const out = (await repo.run(['ls-tree', '-l', '-z', commit])).stdout
  return out
    .toString('utf8')
    .split('\0')
    .flatMap((line) => {
      // <mode> SP <type> SP <oid> SP+ <size or -> TAB <name>
      const match = /^\d+ (\w+) ([0-9a-f]+) +(\d+|-)\t(.+)$/s.exec(line)
      if (!match) return []
      const [, type = '', oid = '', size = '-', name = ''] = match
      return [{ type, oid, size: size === '-' ? 0 : Number(size), name }]
    })
}

/**
 * The license file at the root (Repository#license_blob) and, when asked, what
 * it is (#license): recognising it reads the whole file, so only
 * `GET /projects/:id?license=true` asks; the path comes from the tree listing.
 */
async function readLicense(
  repo: Repo,
  entries: readonly TreeEntry[],
  recognise: boolean,
): Promise<Pick<RepositoryInfo, 'licensePath' | 'license'>> {
  const blobs = entries.filter((entry) => entry.type === 'blob')
  const licensePath = pickLicenseFile(blobs.map((entry) => entry.name))
  const blob = blobs.find((entry) => entry.name === licensePath)
  if (!blob) return { licensePath: undefined, license: undefined }
  if (!recognise || blob.size > MAX_LICENSE_BYTES) return { licensePath, license: undefined }
  const text = (await repo.run(['cat-file', 'blob', blob.oid])).stdout.toString('utf8')
  const found = detectLicense(text)
  return { licensePath, license: found }
}

export interface InfoOptions {
  /** Recognise the license file's text (reads it); by default only its path is given. */
  license: boolean
}

/** What the project entity needs of its repository: empty_repo, size, commit count, readme, license. */
export async function readRepositoryInfo(
  repo: Repo,
  options: InfoOptions = { license: true },
): Promise<RepositoryInfo> {
  const nothing = { readmePath: undefined, licensePath: undefined, license: undefined }
  if (!(await repo.exists())) {
    return {
      exists: false,
      empty: true,
      sizeBytes: 0,
      commitCount: 0,
      rootRef: undefined,
      ...nothing,
    }
  }
  const sizeBytes = await repo.sizeBytes()
  const branches = await repo.refs(['refs/heads'])
  const head = await repo.headBranch()
  const headCommit = head ? await repo.refTarget(`refs/heads/${head}`) : undefined
  if (branches.size === 0 || !headCommit) {
    return {
      exists: true,
      empty: branches.size === 0,
      sizeBytes,
      commitCount: 0,
      rootRef: head,
      ...nothing,
    }
  }
  const commitCount = Number.parseInt(await repo.text(['rev-list', '--count', headCommit]), 10) || 0
  const entries = await rootEntries(repo, headCommit)
  const readmePath = entries
    .map((entry) => entry.name)
    .filter((name) => README.test(name))
    .sort()[0]
  return {
    exists: true,
    empty: false,
    sizeBytes,
    commitCount,
    rootRef: head,
    readmePath,
    ...(await readLicense(repo, entries, options.license)),
  }
}
