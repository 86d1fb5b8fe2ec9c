import type { Star } from '@suite/proto'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'
import type { UserBasicJson } from './user-basic.entity.js'

/** API::Entities::UserStarsProject: when the user starred the project, and who. */
export interface UserStarsProjectJson {
  starred_since: string | null
  user: UserBasicJson | null
}

export function presentUserStarsProject(star: Star, ctx: PresentContext): UserStarsProjectJson {
  return {
    starred_since: isoTime(star.createdAt),
    user: presentRelatedUser(star.userId, ctx),
  }
}
