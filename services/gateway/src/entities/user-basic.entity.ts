import type { User } from '@suite/proto'
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
    // No avatars are stored and no Gravatar is configured.
    avatar_url: null,
    web_url: `${ctx.externalUrl}/${user.username}`,
  }
}
