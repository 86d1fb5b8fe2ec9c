import { trimTrailing } from '@suite/runtime'
import { commitTitle, loadCommits, type GitCommit } from './commit-log.js'
import { badRequest, notFound, tagCreationError } from '../domain/errors.js'
import { isLookupRefName, isValidNewRefName } from '../domain/ref-names.js'
import { refNameMatcher, tagSortKey, type TagOrderField } from '../domain/ref-search.js'
import { peelToCommits, ZERO_OID, type Repo } from '../store/repository-store.js'

export interface GitTag {
  name: string
  /** The annotation (signature left out); undefined for a lightweight tag. */
  message: string | undefined
  /** The tag object id (annotated) or the commit id (lightweight). */
  target: string
  commit: GitCommit
  createdAt: Date | undefined
  signature: 'gpg' | 'x509' | undefined
}

const TAG_FORMAT = [
  '%(refname:strip=2)',
  '%(objecttype)',
  '%(objectname)',
  '%(taggerdate:iso-strict)',
  '%(contents)',
  '%(contents:signature)',
].join('%00')

interface RawTag {
  name: string
  annotated: boolean
  target: string
  taggerDate: string
  contents: string
  signature: string
}

function parseTagLines(output: string): RawTag[] {
  return output
    .split('\x1e\n')
    .filter((record) => record.length > 0)
    .map((record) => {
      const [name, type, target, taggerDate, contents, signature] = record.split('\0')
      return {
        name: name ?? '',
        annotated: type === 'tag',
        target: target ?? '',
        taggerDate: taggerDate ?? '',
        contents: contents ?? '',
        signature: signature ?? '',
      }
    })
}

function signatureKind(signature: string): GitTag['signature'] {
  if (signature.includes('BEGIN PGP SIGNATURE') || signature.includes('BEGIN SSH SIGNATURE')) {
    return 'gpg'
  }
  if (signature.includes('BEGIN SIGNED MESSAGE')) return 'x509'
  return undefined
}

async function readTags(repo: Repo, sortKey: string, pattern: string): Promise<GitTag[]> {
  const raw = parseTagLines(
    (
      await repo.run([
        'for-each-ref',
        `--sort=${sortKey}`,
        `--format=${TAG_FORMAT}%1e`,
        '--end-of-options',
        pattern,
      ])
    ).stdout.toString('utf8'),
  )
  // Peel every tag to its commit in one call (a tag of a tag is peeled fully).
  const peeled = await peelToCommits(
    repo,
    raw.map((tag) => `refs/tags/${tag.name}`),
  )
  const commits = await loadCommits(
    repo.gitEnv,
    repo.gitDir,
    peeled.filter((id): id is string => id !== undefined),
  )
  const tags: GitTag[] = []
  raw.forEach((tag, index) => {
    const commit = commits.get(peeled[index] ?? '')
    // Tags of trees and blobs have no commit; GitLab leaves them out of lists too.
    if (!commit) return
    const message = tag.annotated
      ? trimTrailing(tag.contents.slice(0, tag.contents.length - tag.signature.length), '\n')
      : undefined
    tags.push({
      name: tag.name,
      message,
      target: tag.target,
      commit,
      createdAt: tag.annotated && tag.taggerDate ? new Date(tag.taggerDate) : undefined,
      signature: tag.annotated ? signatureKind(tag.signature) : undefined,
    })
  })
  return tags
}

export async function listTags(
  repo: Repo,
  options: { order: TagOrderField; ascending: boolean; search: string },
): Promise<GitTag[]> {
  const tags = await readTags(repo, tagSortKey(options.order, options.ascending), 'refs/tags')
  return tags.filter((tag) => refNameMatcher(options.search)(tag.name))
}

export async function findTag(repo: Repo, name: string): Promise<GitTag | undefined> {
  if (!isLookupRefName(name)) return undefined
  const tags = await readTags(repo, 'refname', `refs/tags/${name}`)
  return tags.find((tag) => tag.name === name)
}

export async function getTag(repo: Repo, name: string): Promise<GitTag> {
  const tag = await findTag(repo, name)
  if (!tag) throw notFound('Tag')
  return tag
}

export interface NewTag {
  name: string
  ref: string
  message: string
  tagger: { name: string; email: string }
}

/** Tags::CreateService: 405 with GitLab's messages for every refusal. */
export async function createTag(repo: Repo, input: NewTag): Promise<GitTag> {
  if (input.ref.trim() === '') throw tagCreationError('Target is empty')
  if (!isValidNewRefName(input.name)) throw tagCreationError('Tag name invalid')
  const fullRef = `refs/tags/${input.name}`
  if (await repo.refTarget(fullRef)) throw tagCreationError(`Tag ${input.name} already exists`)
  const commit = await repo.resolveCommit(input.ref)
  if (!commit) throw tagCreationError(`Target ${input.ref} is invalid`)
  const message = input.message.trim()
  let target = commit
  if (message !== '') {
    const tagger = `${sanitizeIdent(input.tagger.name)} <${sanitizeIdent(input.tagger.email)}>`
    const seconds = Math.floor(Date.now() / 1000)
    const object = [
      `object ${commit}`,
      'type commit',
      `tag ${input.name}`,
      `tagger ${tagger} ${seconds} +0000`,
      '',
      `${message}\n`,
    ].join('\n')
    target = (await repo.text(['mktag'], { input: object })).trim()
  }
  const { exitCode } = await repo.run(
    ['update-ref', '--end-of-options', fullRef, target, ZERO_OID],
    {
      okCodes: [1, 128],
    },
  )
  if (exitCode !== 0) throw tagCreationError(`Tag ${input.name} already exists`)
  return getTag(repo, input.name)
}

/** Deletes a tag; 404 Tag Not Found when it is not there. Returns what it pointed at. */
export async function deleteTag(repo: Repo, name: string): Promise<GitTag> {
  const tag = await findTag(repo, name)
  if (!tag) throw notFound('Tag')
  const { exitCode } = await repo.run(
    ['update-ref', '-d', '--end-of-options', `refs/tags/${name}`, tag.target],
    { okCodes: [1, 128] },
  )
  if (exitCode !== 0) throw badRequest('Failed to remove tag')
  return tag
}

/** Name and email as git identities allow them (no angle brackets or newlines). */
export function sanitizeIdent(value: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[<>\x00-\x1f]/g, '').trim()
  return cleaned === '' ? 'unknown' : cleaned
}

export { commitTitle }
