/** A membership of a user in a group (source 'Namespace') or a project. */
export interface Member {
  id: number
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  userId: number
  accessLevel: number
  /** YYYY-MM-DD */
  expiresAt: string | null
  createdById: number | null
  memberRoleId: number | null
  createdAt: Date
}

/** What a membership request names: a group, or a project and its namespace. */
export type SourceRef =
  { type: 'group'; id: number } | { type: 'project'; id: number; namespaceId: number | undefined }
