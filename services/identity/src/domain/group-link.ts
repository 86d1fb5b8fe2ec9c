/** A group shared with another group (GitLab's GroupGroupLink). */
export interface GroupLink {
  /** The group shared (whose subgroups and projects the invited group's members reach). */
  sharedGroupId: number
  /** The invited group, whose members receive access. */
  sharedWithGroupId: number
  /** The most the link grants (Gitlab::Access); a member's own lower level stays lower. */
  groupAccess: number
  /** 'YYYY-MM-DD'; from that day the link grants nothing. */
  expiresAt: string | null
}
