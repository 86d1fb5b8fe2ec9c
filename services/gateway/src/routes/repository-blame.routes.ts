import type { BlameGroup } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentCommit, type ProjectLink } from '../entities/commit.entity.js'
import { fileHeaders, type RepositoryFile } from '../entities/repository-file.entity.js'
import { badParameters, HttpError } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { readRepositoryFile } from './repository-files.routes.js'
import { projectLink } from './repository-links.js'

interface Blame {
  file: RepositoryFile
  groups: BlameGroup[]
  link: ProjectLink
}

/**
 * files.rb's `range` hash: both ends required, each a positive integer
 * (Grape's messages), start at most end (fetch_blame_range's 400).
 */
function blameRange(range: Record<string, string> | undefined): { start: number; end: number } {
  if (range === undefined) return { start: 0, end: 0 }
  const end = (name: 'start' | 'end') => {
    const text = range[name]
    if (text === undefined) throw badParameters([`range[${name}] is missing`])
    if (!/^\d{1,9}$/.test(text.trim()) || Number(text) <= 0) {
      throw badParameters([`range[${name}] does not have a valid value`])
    }
    return Number(text)
  }
  const start = end('start')
  const last = end('end')
  if (start > last) {
    // fetch_blame_range: render_api_error!, a message rather than a parameter error.
    throw new HttpError(400, { message: 'range[start] must be less than or equal to range[end]' })
  }
  return { start, end: last }
}

/**
 * lib/api/files.rb GET /files/:file_path/blame: assign_file_vars! (404 Commit,
 * 404 File), the file's X-Gitlab-* headers, then Gitlab::Blame's groups, each
 * with its commit (Entities::BlameRange).
 */
export function repositoryBlameRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  api.get('/projects/:id/repository/files/:file_path/blame', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      file_path: p.string().required(),
      ref: p.string().required(),
      range: p.hash(p.string()),
    },
    handle: async ({ caller, project, params }): Promise<Blame> => {
      const range = blameRange(params.range)
      const file = await readRepositoryFile(clients, caller, project, params.file_path, params.ref)
      const { groups } = await clients.content.blameFile({
        projectId: project.id,
        sha: file.commitId,
        path: params.file_path,
        rangeStart: range.start,
        rangeEnd: range.end,
        caller,
      })
      return { file, groups, link: projectLink(externalUrl, project) }
    },
    present: ({ groups, link }: Blame) =>
      groups.map((group) => ({
        commit: group.commit ? presentCommit(group.commit, link) : null,
        lines: group.lines,
      })),
    headers: ({ file }: Blame) => fileHeaders(file),
  })
}
