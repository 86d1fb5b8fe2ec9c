import type { Kysely } from 'kysely'
import type { ParticipantReads } from '../domain/participants.js'
import type { Database } from './schema.js'

/** The notes' side of a merge request's participants. */
export class ParticipantsStore implements ParticipantReads {
  constructor(private readonly db: Kysely<Database>) {}

  async noteAuthorIds(mergeRequestId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notes')
      .select(['author_id'])
      .select((eb) => eb.fn.min('id').as('first_note_id'))
      .where('merge_request_id', '=', mergeRequestId)
      .groupBy('author_id')
      .orderBy('first_note_id')
      .execute()
    return rows.map((row) => row.author_id)
  }
}
