import type { Kysely } from 'kysely'
import type { PersonRole } from '../domain/collaboration-records.js'
import type { Database } from './schema.js'
import type { PeoplePort } from '../domain/ports.js'

const TABLES = {
  assignees: 'merge_request_assignees',
  reviewers: 'merge_request_reviewers',
} as const

/** The assignees and reviewers of merge requests, in their order. */
export class PeopleStore implements PeoplePort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces a request's assignees or reviewers, keeping the given order. */
  async set(role: PersonRole, mergeRequestId: number, userIds: readonly number[]): Promise<void> {
    const table = TABLES[role]
    await this.db.deleteFrom(table).where('merge_request_id', '=', mergeRequestId).execute()
    const unique = [...new Set(userIds)]
    if (unique.length === 0) return
    await this.db
      .insertInto(table)
      .values(
        unique.map((userId, position) => ({
          merge_request_id: mergeRequestId,
          user_id: userId,
          position,
        })),
      )
      .execute()
  }

  /** Assignees or reviewers of each request, in their order. */
  async load(role: PersonRole, mergeRequestIds: readonly number[]): Promise<Map<number, number[]>> {
    const byRequest = new Map<number, number[]>()
    if (mergeRequestIds.length === 0) return byRequest
    const rows = await this.db
      .selectFrom(TABLES[role])
      .select(['merge_request_id', 'user_id'])
      .where('merge_request_id', 'in', [...mergeRequestIds])
      .orderBy('merge_request_id')
      .orderBy('position')
      .orderBy('user_id')
      .execute()
    for (const row of rows) {
      const list = byRequest.get(row.merge_request_id) ?? []
      list.push(row.user_id)
      byRequest.set(row.merge_request_id, list)
    }
    return byRequest
  }
}
