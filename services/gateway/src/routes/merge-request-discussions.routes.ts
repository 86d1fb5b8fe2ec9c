import type { DiffPosition } from '@suite/proto'
import { AUTHENTICATED } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { discussionUserIds, presentDiscussion } from '../entities/discussion.entity.js'
import { noteUserIds, presentNote } from '../entities/note.entity.js'
import { badParameters } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import { MESSAGES, Param } from '../params/param.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import { noteRoute } from './merge-request-notes.routes.js'
import {
  COMMIT_NOTEABLE,
  ISSUE_NOTEABLE,
  MERGE_REQUEST_NOTEABLE,
  type NoteableRoute,
} from './noteable-routes.js'

/** `position` as sent (a form's `position[key]` or a JSON object); its keys are read below. */
const positionHash = new Param<Record<string, unknown>>(
  (raw) =>
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? { ok: true, value: raw as Record<string, unknown> }
      : { ok: false, message: MESSAGES.invalid },
  true,
)

/**
 * The position's keys as Grape's nested params block declares them (base,
 * start and head sha and position_type required; lines integers); every
 * failure is one 400 listing `position[key] ...` as Grape does.
 */
function readPosition(raw: Record<string, unknown>): DiffPosition {
  const errors: string[] = []
  const text = (key: string, required: boolean): string => {
    const value = raw[key]
    if (value === undefined || value === null || value === '') {
      if (required) errors.push(`position[${key}] ${MESSAGES.missing}`)
      return ''
    }
    const read = p.string().read(value)
    if (!read.ok) errors.push(`position[${key}] ${read.message}`)
    return read.ok ? read.value : ''
  }
  const line = (key: string): number | undefined => {
    const value = raw[key]
    if (value === undefined || value === null || value === '') return undefined
    const read = p.int().read(value)
    if (!read.ok) errors.push(`position[${key}] ${read.message}`)
    return read.ok ? read.value : undefined
  }
  const position: DiffPosition = {
    baseSha: text('base_sha', true),
    startSha: text('start_sha', true),
    headSha: text('head_sha', true),
    positionType: text('position_type', true),
    oldPath: text('old_path', false),
    newPath: text('new_path', false),
    oldLine: line('old_line'),
    newLine: line('new_line'),
  }
  if (position.positionType !== '' && !['text', 'image'].includes(position.positionType)) {
    errors.push(`position[position_type] ${MESSAGES.values}`)
  }
  if (errors.length > 0) throw badParameters(errors)
  // Image positions (designs) are not kept: such a note finds no line, as a bad line does not.
  return position
}

/**
 * lib/api/discussions.rb for merge requests, issues and commits (every route
 * needs a signed-in caller); diff positions and resolving are a merge request's.
 */
export function mergeRequestDiscussionRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  discussionRoutes(api, deps, MERGE_REQUEST_NOTEABLE)
  discussionRoutes(api, deps, ISSUE_NOTEABLE)
  discussionRoutes(api, deps, COMMIT_NOTEABLE)
  resolveRoutes(api, deps, MERGE_REQUEST_NOTEABLE)
}

/** What the discussion routes of a noteable type present and read. */
function discussionShapes(noteable: NoteableRoute) {
  const withDiscussion = { ...noteable.params, discussion_id: p.string().required() }
  return {
    DISCUSSIONS: `${noteable.path}/discussions`,
    shownDiscussion: { present: presentDiscussion, related: discussionUserIds },
    shownNote: { present: presentNote, related: noteUserIds },
    withDiscussion,
    withNote: { ...withDiscussion, note_id: p.int().required() },
  }
}

/** Listing, reading and starting discussions, replying, and deleting a note of one. */
function discussionRoutes(
  api: ApiRouter,
  deps: MergeRequestRouteDeps,
  noteable: NoteableRoute,
): void {
  const collaboration = deps.mergeRequests.collaboration
  const { DISCUSSIONS, shownDiscussion, shownNote, withDiscussion, withNote } =
    discussionShapes(noteable)

  api.list(DISCUSSIONS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: noteable.params,
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listDiscussions({
        caller,
        mergeRequest: noteable.key(project, params),
        page,
      })
      return {
        items: answer.discussions,
        total: answer.pageInfo?.total ?? answer.discussions.length,
      }
    },
    ...shownDiscussion,
  })

  api.get(`${DISCUSSIONS}/:discussion_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: withDiscussion,
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.read.getDiscussion({
            caller,
            mergeRequest: noteable.key(project, params),
            discussionId: params.discussion_id,
          })
        ).discussion,
        'discussion',
      ),
    ...shownDiscussion,
  })

  noteRoute(api, deps, noteable, {
    notesPath: `${DISCUSSIONS}/:discussion_id/notes`,
    ability: AUTHENTICATED,
    params: withDiscussion,
  })

  api.post(DISCUSSIONS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: {
      ...noteable.params,
      body: p.string().required(),
      created_at: p.date(),
      position: positionHash,
    },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.createDiscussion({
            caller,
            mergeRequest: noteable.key(project, params),
            body: params.body,
            createdAt: params.created_at ? new Date(params.created_at) : undefined,
            position: params.position ? readPosition(params.position) : undefined,
          })
        ).discussion,
        'discussion',
      ),
    ...shownDiscussion,
  })

  api.post(`${DISCUSSIONS}/:discussion_id/notes`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...withDiscussion, body: p.string().required(), created_at: p.date() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.replyToDiscussion({
            caller,
            mergeRequest: noteable.key(project, params),
            discussionId: params.discussion_id,
            body: params.body,
            createdAt: params.created_at ? new Date(params.created_at) : undefined,
          })
        ).note,
        'note',
      ),
    ...shownNote,
  })

  // Editing or resolving one note: exactly one of body and resolved, as Grape's exactly_one_of.
  api.put(`${DISCUSSIONS}/:discussion_id/notes/:note_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...withNote, body: p.string(), resolved: p.bool() },
    handle: async ({ caller, project, params }) => {
      // A noteable without resolvable notes declares body alone (resolved is ignored).
      const resolved = noteable.resolvable ? params.resolved : undefined
      const given = [params.body, resolved].filter((value) => value !== undefined)
      if (given.length !== 1) {
        throw badParameters([
          !noteable.resolvable
            ? 'body is missing'
            : given.length === 0
              ? 'body, resolved are missing, exactly one parameter must be provided'
              : 'body, resolved are mutually exclusive',
        ])
      }
      const mergeRequest = noteable.key(project, params)
      const answer =
        resolved === undefined
          ? await collaboration.write.updateNote({
              caller,
              mergeRequest,
              noteId: params.note_id,
              body: params.body ?? '',
            })
          : await collaboration.write.resolveNote({
              caller,
              mergeRequest,
              noteId: params.note_id,
              resolved,
            })
      return requireField(answer.note, 'note')
    },
    ...shownNote,
  })

  api.delete(`${DISCUSSIONS}/:discussion_id/notes/:note_id`, {
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

/** Resolving a whole discussion (PUT .../discussions/:discussion_id), for resolvable noteables. */
function resolveRoutes(api: ApiRouter, deps: MergeRequestRouteDeps, noteable: NoteableRoute): void {
  const collaboration = deps.mergeRequests.collaboration
  const { DISCUSSIONS, shownDiscussion, withDiscussion } = discussionShapes(noteable)

  api.put(`${DISCUSSIONS}/:discussion_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...withDiscussion, resolved: p.bool().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.resolveDiscussion({
            caller,
            mergeRequest: noteable.key(project, params),
            discussionId: params.discussion_id,
            resolved: params.resolved,
          })
        ).discussion,
        'discussion',
      ),
    ...shownDiscussion,
  })
}
