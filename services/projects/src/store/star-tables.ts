import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** One user's star on a project (GitLab's users_star_projects row). */
export interface UsersStarProjectsTable {
  id: Generated<number>
  project_id: number
  user_id: number
  created_at: Timestamp
}

export interface StarTables {
  users_star_projects: UsersStarProjectsTable
}
