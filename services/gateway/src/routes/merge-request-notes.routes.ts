import { AUTHENTICATED, PUBLIC, type Ability } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { noteUserIds, presentNote } from '../entities/note.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import {
  ISSUE_NOTEABLE,
  MERGE_REQUEST_NOTEABLE,
  type NoteablePathParams,
  type NoteableRoute,
} from './noteable-routes.js'

/** lib/api/notes.rb for merge requests and issues (noteable_type merge_requests, issues). */
export function mergeRequestNoteRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  noteRoutes(api, deps, MERGE_REQUEST_NOTEABLE)
  noteRoutes(api, deps, ISSUE_NOTEABLE)
}

/** The notes endpoints of one noteable type; the service decides who reads and writes. */
function noteRoutes(api: ApiRouter, deps: MergeRequestRouteDeps, noteable: NoteableRoute): void {
  const collaboration = deps.mergeRequests.collaboration
  const shown = { present: presentNote, related: noteUserIds }
  const NOTES = `${noteable.path}/notes`
  const withNote = { ...noteable.params, note_id: p.int().required() }

  api.list(NOTES, {
    ability: PUBLIC,
    resolve: 'project',
    params: {
      ...noteable.params,
      order_by: p.string().values(['created_at', 'updated_at']).default('created_at'),
      sort: p.string().values(['asc', 'desc']).default('desc'),
    },
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listNotes({
        caller,
        mergeRequest: noteable.key(project, params),
        page,
        orderBy: params.order_by,
        sort: params.sort,
      })
      return { items: answer.notes, total: answer.pageInfo?.total ?? answer.notes.length }
    },
    ...shown,
  })

  noteRoute(api, deps, noteable, { notesPath: NOTES, ability: PUBLIC, params: noteable.params })

  api.post(NOTES, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: {
      ...noteable.params,
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
            mergeRequest: noteable.key(project, params),
            body: params.body,
            internal: params.internal || params.confidential === true,
            createdAt: params.created_at ? new Date(params.created_at) : undefined,
            commitLine: undefined,
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
            mergeRequest: noteable.key(project, params),
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
        mergeRequest: noteable.key(project, params),
        noteId: params.note_id,
      })
    },
  })
}

/**
 * GET <notes>/:note_id (notes_helpers' get_note): the noteable's note by id,
 * mounted by notes.rb (public) and discussions.rb (signed in) alike; the
 * discussion in the path is not checked, as get_note does not.
 */
export function noteRoute(
  api: ApiRouter,
  deps: MergeRequestRouteDeps,
  noteable: NoteableRoute,
  mount: { notesPath: string; ability: Ability; params: NoteablePathParams },
): void {
  const collaboration = deps.mergeRequests.collaboration
  api.get(`${mount.notesPath}/:note_id`, {
    ability: mount.ability,
    resolve: 'project',
    params: { ...mount.params, note_id: p.int().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.read.getNote({
            caller,
            mergeRequest: noteable.key(project, params),
            noteId: params.note_id,
          })
        ).note,
        'note',
      ),
    present: presentNote,
    related: noteUserIds,
  })
}
