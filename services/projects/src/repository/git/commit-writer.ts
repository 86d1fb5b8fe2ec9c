import type { Repo } from '../store/repository-store.js'
import { sanitizeIdent } from './tags.js'

/** A name and email for a commit's author or committer. */
export interface Ident {
  name: string
  email: string
}

/** An author as an existing commit has it, date included (`@<seconds> <tz>`). */
export interface DatedIdent extends Ident {
  date?: string
}

/** `git commit-tree`: writes a commit object (dates now unless the author has one). */
export async function writeCommit(
  repo: Repo,
  tree: string,
  parents: readonly string[],
  message: string,
  author: DatedIdent,
  committer: Ident,
): Promise<string> {
  const env: Record<string, string> = {
    GIT_AUTHOR_NAME: sanitizeIdent(author.name),
    GIT_AUTHOR_EMAIL: sanitizeIdent(author.email),
    GIT_COMMITTER_NAME: sanitizeIdent(committer.name),
    GIT_COMMITTER_EMAIL: sanitizeIdent(committer.email),
  }
  if (author.date) env['GIT_AUTHOR_DATE'] = author.date
  const parentArgs = parents.flatMap((parent) => ['-p', parent])
  return repo.text(['commit-tree', ...parentArgs, '-F', '-', '--end-of-options', tree], {
    input: message,
    env,
  })
}
