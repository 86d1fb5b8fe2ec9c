/**
 * The push and tag push webhook events of a ref change (Gitlab::DataBuilder::Push):
 * the last twenty new commits, oldest first, each with the files it added,
 * modified and removed; the count of all of them; the tag's message.
 */
import { hookEvent, projectWebUrls, type HookEvent } from '@suite/runtime'
import type { RefChange } from '../domain/push-events.js'
import { refMatchesPattern } from '../../domain/ref-wildcard.js'
import type { Repo } from '../store/repository-store.js'

/** GitLab lists at most this many commits in a push payload. */
const COMMITS_LIMIT = 20
/** Blob::BLANK_SHA: the before of a new ref, the after of a removed one. */
const BLANK_SHA = '0000000000000000000000000000000000000000'
/** ISO 8601 with the author's offset, as GitLab's commit timestamps are. */
const FORMAT = '--format=%H%x00%aI%x00%an%x00%ae%x00%B'

export interface HookCommit {
  id: string
  message: string
  title: string
  timestamp: string
  url: string
  author: { name: string; email: string }
  added: string[]
  modified: string[]
  removed: string[]
}

/** Commits with their file changes, in the order given. */
async function hookCommits(
  repo: Repo,
  ids: readonly string[],
  webUrl: string,
): Promise<HookCommit[]> {
  if (ids.length === 0) return []
  const out = await repo.text(['log', '-z', '--no-walk=unsorted', '--stdin', FORMAT], {
    input: `${ids.join('\n')}\n`,
  })
  const parts = out.split('\0')
  const commits: HookCommit[] = []
  for (let index = 0; index + 5 <= parts.length; index += 5) {
    const [id, timestamp, name, email, message] = parts.slice(index, index + 5)
    if (!id) continue
    const sha = id.replace(/^\n/, '')
    const files = await fileChanges(repo, sha)
    const body = message ?? ''
    commits.push({
      id: sha,
      message: body,
      title: body.split('\n', 1)[0]?.trim() ?? '',
      timestamp: timestamp ?? '',
      url: `${webUrl}/-/commit/${sha}`,
      author: { name: name ?? '', email: email ?? '' },
      ...files,
    })
  }
  return commits
}

/** What a commit changed against its first parent (everything, for a root commit). */
async function fileChanges(repo: Repo, sha: string) {
  const parent = (
    await repo.text(['rev-parse', '--verify', '--quiet', `${sha}^1`], { okCodes: [1] })
  ).trim()
  const out = await repo.text(
    parent
      ? ['diff-tree', '-r', '-z', '--no-commit-id', '--name-status', parent, sha]
      : ['diff-tree', '-r', '-z', '--no-commit-id', '--name-status', '--root', sha],
  )
  const added: string[] = []
  const modified: string[] = []
  const removed: string[] = []
  const fields = out.split('\0').filter((field) => field !== '')
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const status = fields[index]!
    const path = fields[index + 1]!
    if (status.startsWith('A')) added.push(path)
    else if (status.startsWith('D')) removed.push(path)
    else modified.push(path)
  }
  return { added, modified, removed }
}

/** The new commits of a branch change: not reachable from its old tip (or any other ref). */
async function newCommitIds(
  repo: Repo,
  change: RefChange,
  otherRefs: readonly string[],
): Promise<{ ids: string[]; total: number }> {
  if (!change.newId) return { ids: [], total: 0 }
  const exclude = change.oldId ? [change.oldId] : otherRefs
  const input = exclude.map((id) => `^${id}\n`).join('')
  const [listed, count] = await Promise.all([
    repo.text(['rev-list', `--max-count=${COMMITS_LIMIT}`, '--stdin', change.newId], { input }),
    repo.text(['rev-list', '--count', '--stdin', change.newId], { input }),
  ])
  const ids = listed.split('\n').filter(Boolean).reverse()
  return { ids, total: Number.parseInt(count, 10) || 0 }
}

export interface PushHookContext {
  projectId: number
  userId: number
  /** The project's full path and the instance's URL, for commit URLs. */
  fullPath: string
  externalUrl: string
  /** The default branch, protected by default as GitLab protects it. */
  defaultBranch: string | undefined
  /** The project's protected branch names and patterns; absent: the default branch alone. */
  protectedBranches?: readonly string[] | undefined
}

/** ref_protected: a protected branch rule applies to the branch. */
function isProtectedBranch(context: PushHookContext, name: string): boolean {
  if (context.protectedBranches === undefined) return name === context.defaultBranch
  return context.protectedBranches.some((pattern) => refMatchesPattern(pattern, name))
}

/** The webhook event of one ref change, or undefined for a ref that is neither branch nor tag. */
export async function pushHookEvent(
  repo: Repo,
  context: PushHookContext,
  change: RefChange,
  otherRefs: readonly string[],
): Promise<HookEvent | undefined> {
  const isTag = change.ref.startsWith('refs/tags/')
  const isBranch = change.ref.startsWith('refs/heads/')
  if (!isTag && !isBranch) return undefined
  const name = change.ref.slice(isTag ? 'refs/tags/'.length : 'refs/heads/'.length)
  const webUrl = projectWebUrls(context.externalUrl, context.fullPath).webUrl
  const { ids, total } = isBranch
    ? await newCommitIds(repo, change, otherRefs)
    : { ids: [], total: 0 }
  const checkoutSha = change.newId
    ? (
        await repo.text(['rev-parse', '--verify', '--quiet', `${change.newId}^{commit}`], {
          okCodes: [1],
        })
      ).trim() || null
    : null
  const message = isTag && change.newId ? await tagMessage(repo, change.newId) : null
  return hookEvent({
    projectId: context.projectId,
    kind: isTag ? 'tag_push_hooks' : 'push_hooks',
    ...(isBranch ? { branch: name } : {}),
    userId: context.userId,
    payload: pushPayload(context, {
      tag: isTag,
      before: change.oldId ?? BLANK_SHA,
      after: change.newId ?? BLANK_SHA,
      ref: change.ref,
      refProtected: isBranch && isProtectedBranch(context, name),
      checkoutSha,
      message,
      commits: await hookCommits(repo, ids, webUrl),
      total,
    }),
  })
}

/**
 * Gitlab::DataBuilder::Push's payload, in its key order; the user, project
 * and repository blocks are left for the delivery to fill.
 */
function pushPayload(
  context: Pick<PushHookContext, 'projectId' | 'userId'>,
  push: {
    tag: boolean
    before: string
    after: string
    ref: string
    refProtected: boolean
    checkoutSha: string | null
    message: string | null
    commits: HookCommit[]
    total: number
  },
): Record<string, unknown> {
  const kind = push.tag ? 'tag_push' : 'push'
  return {
    object_kind: kind,
    event_name: kind,
    before: push.before,
    after: push.after,
    ref: push.ref,
    ref_protected: push.refProtected,
    checkout_sha: push.checkoutSha,
    message: push.message,
    user_id: context.userId,
    user_name: null,
    user_username: null,
    user_email: null,
    user_avatar: null,
    project_id: context.projectId,
    project: null,
    commits: push.commits,
    total_commits_count: push.total,
    push_options: {},
    repository: null,
  }
}

/** An annotated tag's message; null for a lightweight tag. */
async function tagMessage(repo: Repo, objectId: string): Promise<string | null> {
  const type = (await repo.text(['cat-file', '-t', objectId], { okCodes: [128] })).trim()
  if (type !== 'tag') return null
  const body = await repo.text(['cat-file', 'tag', objectId])
  const split = body.indexOf('\n\n')
  return split === -1
    ? ''
    : body
        .slice(split + 2)
        .replace(/\n-----BEGIN PGP SIGNATURE-----[\s\S]*$/, '')
        .trimEnd()
}

/** The payload of a hook test with no commits to show (GitLab's sample data, trimmed). */
function emptySample(context: PushHookContext, tag: boolean): Record<string, unknown> {
  return pushPayload(context, {
    tag,
    before: BLANK_SHA,
    after: BLANK_SHA,
    ref: tag ? 'refs/tags/v1.0.0' : 'refs/heads/master',
    refProtected: false,
    checkoutSha: null,
    message: null,
    commits: [],
    total: 0,
  })
}

/**
 * What POST .../hooks/:id/test/push_events (or tag_push_events) sends: the
 * last three commits of the default branch as one push, the newest tag as a
 * tag push (the default branch's push where there is no tag), or sample data
 * in an empty repository.
 */
export async function samplePushHook(
  repo: Repo,
  context: PushHookContext,
  tag: boolean,
): Promise<Record<string, unknown>> {
  if (!(await repo.exists())) return emptySample(context, tag)
  const head = (await repo.text(['symbolic-ref', '--quiet', 'HEAD'], { okCodes: [1] })).trim()
  const tip = head
    ? (await repo.text(['rev-parse', '--verify', '--quiet', head], { okCodes: [1] })).trim()
    : ''
  if (tag) {
    const newest = (
      await repo.text([
        'for-each-ref',
        '--sort=-creatordate',
        '--count=1',
        '--format=%(refname) %(objectname)',
        'refs/tags',
      ])
    ).trim()
    const [ref, objectId] = newest.split(' ')
    if (ref && objectId) {
      const event = await pushHookEvent(
        repo,
        context,
        { ref, oldId: undefined, newId: objectId },
        [],
      )
      if (event) return event.payload
    }
  }
  if (!tip) return emptySample(context, tag)
  const base = (
    await repo.text(['rev-parse', '--verify', '--quiet', `${tip}~3`], { okCodes: [1] })
  ).trim()
  const event = await pushHookEvent(
    repo,
    { ...context, defaultBranch: head.slice('refs/heads/'.length) },
    { ref: head, oldId: base || undefined, newId: tip },
    [],
  )
  if (!event) return emptySample(context, tag)
  return tag ? { ...event.payload, object_kind: 'tag_push', event_name: 'tag_push' } : event.payload
}
