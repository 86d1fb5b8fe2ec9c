import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lastCommitFor, readFileAt } from './blob-reader.js'
import { adoptFirstBranch } from './branches.js'
import { loadCommits, type GitCommit } from './commit-log.js'
import { badRequest } from '../domain/errors.js'
import { isValidFilePath, isValidNewRefName, isLookupRefName } from '../domain/ref-names.js'
import { ZERO_OID, type Repo } from '../store/repository-store.js'
import { sanitizeIdent } from './tags.js'

export type FileActionKind = 'create' | 'update' | 'delete' | 'move' | 'chmod'

export interface FileAction {
  action: FileActionKind
  filePath: string
  previousPath: string
  content: Buffer | undefined
  executeFilemode: boolean | undefined
  /**
   * The last commit of the file its editor saw (files.rb's last_commit_id);
   * absent: not checked. An empty one names no commit: an existing file is refused.
   */
  lastCommitId?: string
}

export interface CommitFilesInput {
  branch: string
  startBranch: string
  message: string
  author: { name: string; email: string }
  actions: readonly FileAction[]
}

interface Entry {
  mode: string
  oid: string
}

/**
 * At most this many actions and bytes of content in one commit. GitLab sets
 * no count of its own; this one is above its 1,000-file diff limit so that a
 * commit can produce an overflowing merge request diff.
 */
export const MAX_ACTIONS = 10_000
export const MAX_CONTENT_BYTES = 50 * 1024 * 1024

/** Reads a commit's tree as path -> (mode, blob id). */
async function readTree(repo: Repo, commit: string | undefined): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>()
  if (!commit) return entries
  const out = (await repo.run(['ls-tree', '-r', '-z', '--full-tree', commit])).stdout.toString(
    'utf8',
  )
  for (const record of out.split('\0')) {
    const tab = record.indexOf('\t')
    if (tab < 0) continue
    const [mode, , oid] = record.slice(0, tab).split(' ')
    entries.set(record.slice(tab + 1), { mode: mode ?? '100644', oid: oid ?? '' })
  }
  return entries
}

function checkPath(path: string): void {
  if (!isValidFilePath(path))
    throw badRequest(
      `Your changes could not be committed, because the file path ${JSON.stringify(path)} is invalid`,
    )
}

async function writeBlob(repo: Repo, content: Buffer): Promise<string> {
  return repo.text(['hash-object', '-w', '--stdin'], { input: content })
}

/**
 * Writes many blobs with one git process (`hash-object --stdin-paths` over
 * files in a private temporary folder): a process per blob made a commit of
 * 1,100 files take 21 s. The answer has one object id per content, in order.
 */
async function writeBlobs(repo: Repo, contents: readonly Buffer[]): Promise<string[]> {
  if (contents.length <= 1) return Promise.all(contents.map((content) => writeBlob(repo, content)))
  const dir = await mkdtemp(join(tmpdir(), 'commit-blobs-'))
  try {
    const paths = contents.map((_, index) => join(dir, String(index)))
    await Promise.all(paths.map((path, index) => writeFile(path, contents[index] ?? '')))
    const out = await repo.text(['hash-object', '-w', '--no-filters', '--stdin-paths'], {
      input: paths.map((path) => `${path}\n`).join(''),
    })
    const oids = out.split('\n').filter((line) => line !== '')
    if (oids.length !== contents.length) {
      throw new Error(`hash-object wrote ${oids.length} of ${contents.length} blobs`)
    }
    return oids
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Applies the actions to the tree in memory; new contents are written at the
 * end in one batch (entries hold a placeholder until then). GitLab's messages on refusal.
 */
async function applyActions(repo: Repo, tree: Map<string, Entry>, actions: readonly FileAction[]) {
  const pending: Buffer[] = []
  /** A placeholder object id for content written later; replaced before the tree is written. */
  const later = (content: Buffer | undefined): string => {
    pending.push(content ?? Buffer.alloc(0))
    return `${PENDING}${pending.length - 1}`
  }
  let bytes = 0
  for (const action of actions) {
    checkPath(action.filePath)
    bytes += action.content?.length ?? 0
    if (bytes > MAX_CONTENT_BYTES) throw badRequest('The commit is too large')
    const existing = tree.get(action.filePath)
    switch (action.action) {
      case 'create':
        if (existing) throw badRequest('A file with this name already exists')
        tree.set(action.filePath, {
          mode: action.executeFilemode ? '100755' : '100644',
          oid: later(action.content),
        })
        break
      case 'update':
        if (!existing) throw badRequest("A file with this name doesn't exist")
        tree.set(action.filePath, {
          mode: existing.mode,
          oid: later(action.content),
        })
        break
      case 'delete':
        if (!existing) throw badRequest("A file with this name doesn't exist")
        tree.delete(action.filePath)
        break
      case 'move': {
        const from = action.previousPath
        checkPath(from)
        const source = tree.get(from)
        if (!source) throw badRequest("A file with this name doesn't exist")
        if (existing && from !== action.filePath) {
          throw badRequest('A file with this name already exists')
        }
        tree.delete(from)
        tree.set(action.filePath, {
          mode: source.mode,
          oid: action.content ? later(action.content) : source.oid,
        })
        break
      }
      case 'chmod':
        if (!existing) throw badRequest("A file with this name doesn't exist")
        tree.set(action.filePath, {
          mode: action.executeFilemode ? '100755' : '100644',
          oid: existing.oid,
        })
        break
    }
  }
  checkDirectoryConflicts(tree)
  const oids = await writeBlobs(repo, pending)
  for (const [path, entry] of tree) {
    if (!entry.oid.startsWith(PENDING)) continue
    const oid = oids[Number(entry.oid.slice(PENDING.length))]
    if (!oid) throw new Error(`no blob written for ${path}`)
    tree.set(path, { ...entry, oid })
  }
}

/** The prefix of a placeholder object id (never a valid one: not hex). */
const PENDING = 'pending:'

/** A path cannot be both a file and a directory. */
function checkDirectoryConflicts(tree: Map<string, Entry>): void {
  for (const path of tree.keys()) {
    const parts = path.split('/')
    for (let depth = 1; depth < parts.length; depth++) {
      if (tree.has(parts.slice(0, depth).join('/'))) {
        throw badRequest('A file with this name already exists')
      }
    }
  }
}

/** Files::UpdateService's refusal (files.rb answers it as 400). */
export const FILE_CHANGED_MESSAGE =
  'You are attempting to update a file that has changed since you started editing it.'

/**
 * Files::BaseService#file_has_changed?: an action that carries the last
 * commit its editor saw of a file is refused when the last commit that
 * touched the path on the start branch (the branch when none) is another.
 * Read from the commit this write starts from, so that the check and the ref
 * update (made against that same old value) are one transaction: a commit
 * landing in between fails the update instead of passing the check. No such
 * branch or file (a directory, a missing path) is no change: the commit then
 * answers why.
 */
async function requireUnchangedFiles(
  repo: Repo,
  input: CommitFilesInput,
  current: string | undefined,
  parent: string | undefined,
): Promise<void> {
  const checked = input.actions.filter((action) => action.lastCommitId !== undefined)
  if (checked.length === 0) return
  const ref = input.startBranch !== '' ? input.startBranch : input.branch
  const base = ref === input.branch ? current : parent !== current ? parent : undefined
  const at = base ?? (await repo.resolveCommit(ref))
  if (!at) return
  for (const action of checked) {
    const path = action.previousPath !== '' ? action.previousPath : action.filePath
    checkPath(path)
    const file = await readFileAt(repo, at, path, 0)
    if (!file.found && !file.tooLarge) continue
    const last = await lastCommitFor(repo, at, path)
    if (last !== '' && last !== action.lastCommitId) {
      throw badRequest(FILE_CHANGED_MESSAGE)
    }
  }
}

/**
 * POST /repository/commits on a bare repository: tree built in a temporary
 * index, `commit-tree`, then `update-ref` with the old value checked so a
 * concurrent push is never overwritten.
 */
export async function commitFiles(
  repo: Repo,
  input: CommitFilesInput,
): Promise<{ commit: GitCommit; previous: string | undefined; created: boolean }> {
  if (!isValidNewRefName(input.branch)) throw badRequest('Branch name is invalid')
  if (input.actions.length === 0 || input.actions.length > MAX_ACTIONS) {
    throw badRequest('actions is invalid')
  }
  const branchRef = `refs/heads/${input.branch}`
  const current = await repo.refTarget(branchRef)
  let parent = current
  if (!current && input.startBranch !== '' && input.startBranch !== input.branch) {
    if (!isLookupRefName(input.startBranch)) throw badRequest('Invalid start branch name')
    parent = await repo.refTarget(`refs/heads/${input.startBranch}^{commit}`)
    if (!parent)
      throw badRequest(
        `Failed to create branch ${input.branch}: invalid reference name '${input.startBranch}'`,
      )
  } else if (!current && (await repo.refs(['refs/heads'])).size > 0) {
    throw badRequest('You can only create or edit files when you are on a branch')
  }
  await requireUnchangedFiles(repo, input, current, parent)
  const tree = await readTree(repo, parent)
  await applyActions(repo, tree, input.actions)
  const treeId = await writeTree(repo, tree)
  const ident = {
    GIT_AUTHOR_NAME: sanitizeIdent(input.author.name),
    GIT_AUTHOR_EMAIL: sanitizeIdent(input.author.email),
    GIT_COMMITTER_NAME: sanitizeIdent(input.author.name),
    GIT_COMMITTER_EMAIL: sanitizeIdent(input.author.email),
  }
  const commitId = await repo.text(
    ['commit-tree', treeId, ...(parent ? ['-p', parent] : []), '-F', '-'],
    { input: input.message, env: ident },
  )
  const { exitCode } = await repo.run(
    ['update-ref', '--end-of-options', branchRef, commitId, current ?? ZERO_OID],
    { okCodes: [1, 128] },
  )
  if (exitCode !== 0) throw badRequest('Could not update branch: it was changed meanwhile')
  await adoptFirstBranch(repo, input.branch)
  const commit = (await loadCommits(repo.gitEnv, repo.gitDir, [commitId])).get(commitId)
  if (!commit) throw new Error(`commit ${commitId} not readable after writing it`)
  return { commit, previous: current, created: current === undefined }
}

/** Writes the tree with `git mktree`, one level at a time, from the leaves up. */
async function writeTree(repo: Repo, tree: Map<string, Entry>): Promise<string> {
  interface Dir {
    files: Map<string, Entry>
    dirs: Map<string, Dir>
  }
  const root: Dir = { files: new Map(), dirs: new Map() }
  for (const [path, entry] of tree) {
    const parts = path.split('/')
    const name = parts.pop() ?? ''
    let dir = root
    for (const part of parts) {
      let next = dir.dirs.get(part)
      if (!next) {
        next = { files: new Map(), dirs: new Map() }
        dir.dirs.set(part, next)
      }
      dir = next
    }
    dir.files.set(name, entry)
  }
  const write = async (dir: Dir): Promise<string> => {
    const lines: string[] = []
    for (const [name, sub] of dir.dirs) lines.push(`040000 tree ${await write(sub)}\t${name}`)
    for (const [name, entry] of dir.files) {
      const type = entry.mode === '160000' ? 'commit' : 'blob'
      lines.push(`${entry.mode} ${type} ${entry.oid}\t${name}`)
    }
    return repo.text(['mktree', '-z'], { input: lines.map((line) => `${line}\0`).join('') })
  }
  return write(root)
}
