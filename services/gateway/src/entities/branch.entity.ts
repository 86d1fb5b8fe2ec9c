import type { Branch } from '@suite/proto'
import { presentCommit, type CommitJson, type ProjectLink } from './commit.entity.js'

/** GitLab's Entities::Branch; protection and can_push as the repository role answered them. */
export interface BranchJson {
  name: string
  commit: CommitJson | null
  merged: boolean
  protected: boolean
  developers_can_push: boolean
  developers_can_merge: boolean
  can_push: boolean
  default: boolean
  web_url: string
}

export function presentBranch(branch: Branch, project: ProjectLink): BranchJson {
  return {
    name: branch.name,
    commit: branch.commit ? presentCommit(branch.commit, project) : null,
    merged: branch.merged,
    protected: branch.protected,
    developers_can_push: branch.developersCanPush,
    developers_can_merge: branch.developersCanMerge,
    can_push: branch.canPush,
    default: branch.default,
    web_url: `${project.webUrl}/-/tree/${encodeURIComponent(branch.name).replace(/%2F/g, '/')}`,
  }
}
