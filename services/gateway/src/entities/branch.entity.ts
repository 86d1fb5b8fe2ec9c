import type { Branch } from '@suite/proto'
import { presentCommit, type CommitJson, type ProjectLink } from './commit.entity.js'

/** GitLab's Entities::Branch (no protected branches in this suite yet). */
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

export function presentBranch(branch: Branch, project: ProjectLink, canPush: boolean): BranchJson {
  return {
    name: branch.name,
    commit: branch.commit ? presentCommit(branch.commit, project) : null,
    merged: branch.merged,
    protected: false,
    developers_can_push: false,
    developers_can_merge: false,
    can_push: canPush,
    default: branch.default,
    web_url: `${project.webUrl}/-/tree/${encodeURIComponent(branch.name).replace(/%2F/g, '/')}`,
  }
}
