import { randomUUID } from 'node:crypto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import { requireField } from '../clients/require-field.js'
import { presentAutoMergeCancel } from '../entities/auto-merge-cancel.entity.js'
import { presentMergeRef, presentRebase } from '../entities/rebase.entity.js'
import { presentTodo, todoUserIds, type TodoItem } from '../entities/collaboration.entity.js'
import { mergeRequestDetailUserIds, presentMergeRequest } from '../entities/merge-request.entity.js'
import { p } from '../params/coercions.js'
import {
  createParams,
  mergeRequestAttributes,
  updateParams,
  updateRules,
} from '../params/merge-request-attributes.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestDetail,
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const SINGLE = '/projects/:id/merge_requests/:merge_request_iid'

/** lib/api/merge_requests.rb: one merge request, its writes, merge, subscriptions and to-do. */
export function mergeRequestRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const { mergeRequests, collaboration } = deps.mergeRequests
  const single = { present: presentMergeRequest, related: mergeRequestDetailUserIds }

  api.get(SINGLE, {
    cache: true,
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: {
      ...mergeRequestPathParams,
      render_html: p.bool(),
      include_diverged_commits_count: p.bool(),
      include_rebase_in_progress: p.bool(),
    },
    handle: async ({ caller, project, params }) => {
      const answer = await mergeRequests.read.getMergeRequest({
        caller,
        ...mergeRequestKey(project, params.merge_request_iid),
      })
      return mergeRequestDetail(deps, answer.mergeRequest, project, {
        includeRebaseInProgress: params.include_rebase_in_progress ?? false,
        renderHtml: params.render_html ?? false,
      })
    },
    ...single,
  })

  api.post('/projects/:id/merge_requests', {
    ability: AUTHENTICATED,
    resolve: 'project',
    // The target project's rules (create_merge_request_in) are the service's.
    projectAbility: 'createMergeRequestFrom',
    params: createParams,
    handle: async ({ caller, project, params }) => {
      const answer = await mergeRequests.write.createMergeRequest({
        caller,
        projectId: project.id,
        sourceBranch: params.source_branch,
        targetBranch: params.target_branch,
        title: params.title,
        targetProjectId: params.target_project_id,
        attributes: mergeRequestAttributes(params),
        idempotencyKey: randomUUID(),
      })
      return mergeRequestDetail(deps, answer.mergeRequest, project)
    },
    ...single,
  })

  api.put(SINGLE, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: updateParams,
    rules: updateRules,
    handle: async ({ caller, project, params }) => {
      const answer = await mergeRequests.write.updateMergeRequest({
        caller,
        ...mergeRequestKey(project, params.merge_request_iid),
        attributes: mergeRequestAttributes(params),
      })
      return mergeRequestDetail(deps, answer.mergeRequest, project)
    },
    ...single,
  })

  // find_project_merge_request: a request the caller may not read is 404
  // Merge Request Not Found, which the service answers (as for merge).
  api.delete(SINGLE, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }) => {
      await mergeRequests.write.deleteMergeRequest({
        caller,
        ...mergeRequestKey(project, params.merge_request_iid),
      })
    },
  })

  api.put(`${SINGLE}/merge`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: {
      ...mergeRequestPathParams,
      merge_commit_message: p.string(),
      squash_commit_message: p.string(),
      squash: p.bool(),
      should_remove_source_branch: p.bool(),
      merge_when_pipeline_succeeds: p.bool(),
      auto_merge: p.bool(),
      sha: p.string(),
    },
    handle: async ({ principal, caller, project, params }) => {
      const user = requireField(principal.user, 'user')
      const answer = await mergeRequests.write.mergeMergeRequest({
        caller,
        // find_project_merge_request has no read check: who may not merge gets 401.
        projectId: project.id,
        iid: params.merge_request_iid,
        mergeCommitMessage: params.merge_commit_message,
        squashCommitMessage: params.squash_commit_message,
        squash: params.squash,
        shouldRemoveSourceBranch: params.should_remove_source_branch,
        sha: params.sha,
        autoMerge: params.auto_merge ?? params.merge_when_pipeline_succeeds,
        committerName: user.name,
        committerEmail: user.commitEmail || user.email,
      })
      return mergeRequestDetail(deps, answer.mergeRequest, project)
    },
    ...single,
  })

  // find_project_merge_request (404), then the merge ref or 400 (not mergeable).
  api.get(`${SINGLE}/merge_ref`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: ({ caller, project, params }) =>
      mergeRequests.write.getMergeRef({
        caller,
        ...mergeRequestKey(project, params.merge_request_iid),
      }),
    present: presentMergeRef,
  })

  // 202 at once; the rebase runs in the merge-requests worker (RebaseWorker).
  api.put(`${SINGLE}/rebase`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...mergeRequestPathParams, skip_ci: p.bool().default(false) },
    status: 202,
    handle: ({ caller, project, params }) =>
      mergeRequests.write.rebaseMergeRequest({
        caller,
        ...mergeRequestKey(project, params.merge_request_iid),
        skipCi: params.skip_ci,
      }),
    present: presentRebase,
  })

  // 401 for who may neither merge it nor wrote it (can_cancel_auto_merge?).
  api.post(`${SINGLE}/cancel_merge_when_pipeline_succeeds`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: ({ caller, project, params }) =>
      mergeRequests.write.cancelAutoMerge({
        caller,
        ...mergeRequestKey(project, params.merge_request_iid),
      }),
    present: presentAutoMergeCancel,
  })

  // 201 with the request, or 304 without a body when nothing changes.
  for (const action of ['subscribe', 'unsubscribe'] as const) {
    api.post(`${SINGLE}/${action}`, {
      ability: AUTHENTICATED,
      resolve: 'project',
      projectAbility: 'readMergeRequest',
      params: mergeRequestPathParams,
      handle: async ({ caller, project, params }) => {
        const request = {
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        }
        const answer =
          action === 'subscribe'
            ? await collaboration.write.subscribe(request)
            : await collaboration.write.unsubscribe(request)
        return mergeRequestDetail(deps, answer.mergeRequest, project)
      },
      ...single,
    })
  }

  api.post(`${SINGLE}/todo`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }): Promise<TodoItem> => {
      const answer = await collaboration.write.createTodo({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
      })
      const todo = requireField(answer.todo, 'todo')
      const known = todo.projectId === project.id ? project : undefined
      const todoProject =
        known ?? (await loadProjects(deps.projects, [todo.projectId])).get(todo.projectId)
      return { todo, project: todoProject ?? project }
    },
    present: presentTodo,
    related: todoUserIds,
  })
}
