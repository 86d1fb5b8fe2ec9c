import type { User } from '@suite/proto'
import { userAvatarUrl } from '@suite/runtime'
import type { PresentContext } from './present-context.js'

/** API::Entities::UserBasic (UserSafe + state, locked, avatar_url, web_url). */
export interface UserBasicJson {
  id: number
  username: string
  name: string
  state: string
  locked: boolean
  avatar_url: string | null
  web_url: string
}

export function presentUserBasic(user: User, ctx: PresentContext): UserBasicJson {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: user.locked,
    // An uploaded avatar; no Gravatar is configured.
    avatar_url: userAvatarUrl(ctx.externalUrl, user.id, user.avatarFilename),
    web_url: `${ctx.externalUrl}/${user.username}`,
  }
}
