import type { Commit, Project } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import { presentCommit } from '../entities/commit.entity.js'
import { projectWebUrl } from '../entities/merge-request-links.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

interface ProjectCommit {
  commit: Commit
  project: Project
}

/**
 * lib/api/merge_requests.rb GET .../commits: the commits of the latest diff
 * version, newest first (merge_request_diff_commits), paginated, as
 * Entities::Commit linked to the target project; none before a version exists.
 */
export function mergeRequestCommitRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const diffs = deps.mergeRequests.diffs.read

  api.list('/projects/:id/merge_requests/:merge_request_iid/commits', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const mergeRequest = mergeRequestKey(project, params.merge_request_iid)
      // Versions come newest first: the first is the merge request's current diff.
      const [latest] = (await diffs.listVersions({ caller, mergeRequest })).versions
      if (!latest) return { items: [], total: 0 }
      const { version } = await diffs.getVersion({
        caller,
        mergeRequest,
        versionId: latest.id,
        unidiff: false,
      })
      const commits = (version?.commits ?? []).map((commit) => ({ commit, project }))
      return inMemoryPage(commits, page)
    },
    present: ({ commit, project }: ProjectCommit, ctx) =>
      presentCommit(commit, { webUrl: projectWebUrl(ctx.externalUrl, project) }),
  })
}
