/** Which groups a listing may show before its filters apply. */
export type GroupScope =
  /** Admins: every group. */
  | { kind: 'all' }
  /** Public groups, internal ones for signed-in users, and the membership hierarchy. */
  | { kind: 'readable'; userId: number | undefined; internalVisible: boolean }
  /** GitLab's default for a signed-in non-admin: groups around its memberships only. */
  | { kind: 'membership'; userId: number }
  /** Groups the user owns directly. */
  | { kind: 'owned'; userId: number }
  /** Groups where the user holds at least a level, and their subgroups. */
  | { kind: 'min_access'; userId: number; level: number }

export interface GroupQuery {
  scope: GroupScope
  parentId?: number
  /** With parentId: every group below it, not only its children (descendant_groups). */
  allDescendants?: boolean
  topLevelOnly: boolean
  search?: string
  skipIds: readonly number[]
  visibilityLevel?: number
  order: { column: 'name' | 'path' | 'id'; direction: 'asc' | 'desc' }
}
