import type { Group, Project, Runner } from '@suite/proto'
import { groupWebUrl } from './group.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentProjectSimple } from './project-simple.entity.js'
import { presentRelatedUser } from './related-user.js'

/**
 * GitLab's REST status (Ci::Runner#deprecated_rest_status): a paused runner
 * that has been seen and is not stale reads `paused` rather than its contact state.
 */
function restStatus(runner: Runner): string {
  if (runner.status === 'stale' || runner.status === 'never_contacted') return runner.status
  return runner.paused ? 'paused' : runner.status
}

/** API::Entities::Ci::Runner. */
export function presentRunner(runner: Runner, ctx: PresentContext) {
  const creator = presentRelatedUser(runner.creatorId, ctx)
  return {
    id: runner.id,
    description: runner.description,
    ip_address: orNull(runner.ipAddress),
    active: !runner.paused,
    paused: runner.paused,
    is_shared: runner.runnerType === 'instance_type',
    runner_type: runner.runnerType,
    name: orNull(runner.name),
    online: runner.online,
    // Shown only when the caller may see the creator (a loaded user).
    ...(creator ? { created_by: creator } : {}),
    created_at: isoTime(runner.createdAt),
    status: restStatus(runner),
  }
}

/** The creator, for `related`. */
export function runnerCreatorIds(runner: Runner): number[] {
  return runner.creatorId === undefined ? [] : [runner.creatorId]
}

/** A runner with the projects and groups the caller may see it in. */
export interface RunnerDetailsItem {
  runner: Runner
  projects: readonly Project[]
  groups: readonly Group[]
}

/**
 * API::Entities::Ci::RunnerDetails. Instance runners are shown to any
 * signed-in user, so the maintenance note is kept for those who may update
 * the runner: admins, and those ci-triggers already let see a group or
 * project runner.
 */
export function presentRunnerDetails(item: RunnerDetailsItem, ctx: PresentContext) {
  const { runner } = item
  const mayUpdate = ctx.principal.user?.admin === true || runner.runnerType !== 'instance_type'
  return {
    ...presentRunner(runner, ctx),
    tag_list: runner.tagList,
    run_untagged: runner.runUntagged,
    locked: runner.locked,
    maximum_timeout: orNull(runner.maximumTimeout),
    access_level: runner.accessLevel,
    version: orNull(runner.version),
    revision: orNull(runner.revision),
    platform: orNull(runner.platform),
    architecture: orNull(runner.architecture),
    contacted_at: isoTime(runner.contactedAt),
    maintenance_note: mayUpdate ? orNull(runner.maintenanceNote) : null,
    projects: item.projects.map((project) => presentProjectSimple({ project }, ctx)),
    // API::Entities::BasicGroupDetails
    groups: item.groups.map((group) => ({
      id: group.id,
      web_url: groupWebUrl(group, ctx),
      name: group.name,
    })),
  }
}

export function runnerDetailsUserIds(item: RunnerDetailsItem): number[] {
  return runnerCreatorIds(item.runner)
}
