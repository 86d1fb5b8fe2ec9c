import { PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { presentCommitNote } from '../entities/commit-note.entity.js'
import { noteUserIds } from '../entities/note.entity.js'
import { badParameters } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import { MESSAGES } from '../params/param.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import { COMMIT_NOTEABLE } from './noteable-routes.js'

/**
 * lib/api/commits.rb's comments of one commit: read_code first (the class's
 * before block: 403 once the project is readable), then the commit (404
 * Commit Not Found), oldest first; posting also asks create_note, which the
 * merge-requests service (the notes' owner) checks with the commit's reading.
 */
export function commitCommentRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration
  const COMMENTS = `${COMMIT_NOTEABLE.path}/comments`
  const access = {
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
  } as const
  const shown = { present: presentCommitNote, related: noteUserIds }

  api.list(COMMENTS, {
    ...access,
    ability: PUBLIC,
    params: COMMIT_NOTEABLE.params,
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listNotes({
        caller,
        mergeRequest: COMMIT_NOTEABLE.key(project, params),
        page,
        orderBy: 'created_at',
        sort: 'asc',
      })
      return { items: answer.notes, total: answer.pageInfo?.total ?? answer.notes.length }
    },
    ...shown,
  })

  // No authenticate! here (as commits.rb): an anonymous caller meets the project's 404
  // first, and the service's 401 where the code is readable.
  api.post(COMMENTS, {
    ...access,
    ability: PUBLIC,
    params: {
      ...COMMIT_NOTEABLE.params,
      note: p.string().required(),
      path: p.string(),
      line: p.int(),
      line_type: p.string().values(['new', 'old']).default('new'),
    },
    handle: async ({ caller, project, params }) => {
      // Grape's `given :path do requires :line`: a path needs its line.
      if (params.path !== undefined && params.line === undefined) {
        throw badParameters([`line ${MESSAGES.missing}`])
      }
      const commitLine =
        params.path !== undefined && params.line !== undefined
          ? { path: params.path, line: params.line, lineType: params.line_type }
          : undefined
      const answer = await collaboration.write.createNote({
        caller,
        mergeRequest: COMMIT_NOTEABLE.key(project, params),
        body: params.note,
        internal: false,
        createdAt: undefined,
        commitLine,
      })
      return requireField(answer.note, 'note')
    },
    ...shown,
  })
}
