import { SourceType, type MembershipOfUser } from '@suite/proto'

/** A user's membership with the name of what it is in (the project's from projects). */
export interface MembershipItem {
  membership: MembershipOfUser
  /** The group's or project's name; null when the project is gone. */
  sourceName: string | null
}

/** API::Entities::Membership (GET /users/:user_id/memberships). */
export interface MembershipJson {
  source_id: number
  source_name: string | null
  source_type: 'Project' | 'Namespace'
  access_level: number
}

export function presentMembership(item: MembershipItem): MembershipJson {
  const { membership } = item
  return {
    source_id: membership.sourceId,
    source_name: item.sourceName,
    source_type: membership.sourceType === SourceType.SOURCE_TYPE_PROJECT ? 'Project' : 'Namespace',
    access_level: membership.accessLevel,
  }
}
