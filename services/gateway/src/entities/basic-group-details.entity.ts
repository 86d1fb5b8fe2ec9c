import type { Group } from '@suite/proto'
import { groupWebUrl } from './group.entity.js'
import type { PresentContext } from './present-context.js'

/** API::Entities::BasicGroupDetails. */
export interface BasicGroupDetailsJson {
  id: number
  web_url: string
  name: string
}

export function presentBasicGroupDetails(group: Group, ctx: PresentContext): BasicGroupDetailsJson {
  return { id: group.id, web_url: groupWebUrl(group, ctx), name: group.name }
}
