import { sql, type Kysely, type Transaction } from 'kysely'
import type { AvatarChange, StoredAvatar } from '../domain/avatar.js'
import type { Database } from './schema.js'

/** Stores or removes a project's avatar image, inside the write that changes the project row. */
export async function writeAvatarChange(
  trx: Transaction<Database>,
  projectId: number,
  change: AvatarChange,
): Promise<void> {
  if (change.kind === 'remove') {
    await trx.deleteFrom('project_avatars').where('project_id', '=', projectId).execute()
    return
  }
  const { filename, contentType, content } = change.avatar
  await trx
    .insertInto('project_avatars')
    .values({ project_id: projectId, filename, content_type: contentType, content })
    .onConflict((oc) =>
      oc.column('project_id').doUpdateSet({
        filename,
        content_type: contentType,
        content,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute()
}

/** A project's avatar image, if it has one. */
export async function findAvatar(
  db: Kysely<Database>,
  projectId: number,
): Promise<StoredAvatar | undefined> {
  const row = await db
    .selectFrom('project_avatars')
    .select(['filename', 'content_type', 'content'])
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return row && { filename: row.filename, contentType: row.content_type, content: row.content }
}
