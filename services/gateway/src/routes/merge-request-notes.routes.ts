import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { noteUserIds, presentNote } from '../entities/note.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const NOTES = '/projects/:id/merge_requests/:merge_request_iid/notes'

/** lib/api/notes.rb for merge requests (noteable_type merge_requests). */
export function mergeRequestNoteRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration
  const shown = { present: presentNote, related: noteUserIds }
  const withNote = { ...mergeRequestPathParams, note_id: p.int().required() }

  api.list(NOTES, {
    ability: PUBLIC,
    resolve: 'project',
    params: {
      ...mergeRequestPathParams,
      order_by: p.string().values(['created_at', 'updated_at']).default('created_at'),
      sort: p.string().values(['asc', 'desc']).default('desc'),
    },
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listNotes({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
        orderBy: params.order_by,
        sort: params.sort,
      })
      return { items: answer.notes, total: answer.pageInfo?.total ?? answer.notes.length }
    },
    ...shown,
  })

  api.get(`${NOTES}/:note_id`, {
    ability: PUBLIC,
    resolve: 'project',
    params: withNote,
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.read.getNote({
            caller,
            mergeRequest: mergeRequestKey(project, params.merge_request_iid),
            noteId: params.note_id,
          })
        ).note,
        'note',
      ),
    ...shown,
  })

  api.post(NOTES, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: {
      ...mergeRequestPathParams,
      body: p.string().required(),
      internal: p.bool().default(false),
      confidential: p.bool(),
      created_at: p.date(),
    },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.createNote({
            caller,
            mergeRequest: mergeRequestKey(project, params.merge_request_iid),
            body: params.body,
            internal: params.internal || params.confidential === true,
            createdAt: params.created_at ? new Date(params.created_at) : undefined,
          })
        ).note,
        'note',
      ),
    ...shown,
  })

  api.put(`${NOTES}/:note_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...withNote, body: p.string().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.updateNote({
            caller,
            mergeRequest: mergeRequestKey(project, params.merge_request_iid),
            noteId: params.note_id,
            body: params.body,
          })
        ).note,
        'note',
      ),
    ...shown,
  })

  api.delete(`${NOTES}/:note_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: withNote,
    handle: async ({ caller, project, params }) => {
      await collaboration.write.deleteNote({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        noteId: params.note_id,
      })
    },
  })
}
