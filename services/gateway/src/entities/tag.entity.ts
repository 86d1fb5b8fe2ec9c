import type { Tag } from '@suite/proto'
import { presentCommit, type CommitJson, type ProjectLink } from './commit.entity.js'
import { isoTime } from './present-context.js'

/** GitLab's Entities::Tag (releases are not kept by this suite: release is null). */
export interface TagJson {
  name: string
  message: string | null
  target: string
  commit: CommitJson | null
  release: { tag_name: string; description: string } | null
  protected: boolean
  created_at: string | null
}

export function presentTag(tag: Tag, project: ProjectLink): TagJson {
  return {
    name: tag.name,
    message: tag.message ?? null,
    target: tag.target,
    commit: tag.commit ? presentCommit(tag.commit, project) : null,
    release: null,
    protected: false,
    created_at: isoTime(tag.createdAt),
  }
}
