import type { Kysely } from 'kysely'
import type { ProjectAccessFacts } from '../domain/access-facts.js'
import type { Database } from './schema.js'
import type { AccessFactsPort } from '../domain/ports.js'

/** The newest version of each project among `facts` (one row per project per statement). */
function newestPerProject(facts: readonly ProjectAccessFacts[]): ProjectAccessFacts[] {
  const newest = new Map<number, ProjectAccessFacts>()
  for (const fact of facts) {
    const seen = newest.get(fact.projectId)
    if (!seen || seen.version < fact.version) newest.set(fact.projectId, fact)
  }
  return [...newest.values()]
}

/**
 * Stores projects' access facts; a project's row changes only when the
 * incoming version is higher than the stored one, so a late or repeated
 * message never replaces a newer one.
 */
export async function saveProjectAccessFacts(
  db: Kysely<Database>,
  facts: readonly ProjectAccessFacts[],
): Promise<void> {
  const rows = newestPerProject(facts).map((fact) => ({
    project_id: fact.projectId,
    group_ids: fact.groupIds,
    owner_user_id: fact.ownerUserId ?? null,
    archived: fact.archived,
    read_merge_request_admin: fact.readMergeRequest.admin,
    read_merge_request_anonymous: fact.readMergeRequest.anonymous,
    read_merge_request_signed_in: fact.readMergeRequest.signedIn,
    read_merge_request_member_min_level: fact.readMergeRequest.memberMinLevel,
    read_issue_admin: fact.readIssue.admin,
    read_issue_anonymous: fact.readIssue.anonymous,
    read_issue_signed_in: fact.readIssue.signedIn,
    read_issue_member_min_level: fact.readIssue.memberMinLevel,
    version: fact.version,
    updated_at: new Date(),
  }))
  if (rows.length === 0) return
  await db
    .insertInto('project_access_facts')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column('project_id')
        .doUpdateSet((eb) => ({
          group_ids: eb.ref('excluded.group_ids'),
          owner_user_id: eb.ref('excluded.owner_user_id'),
          archived: eb.ref('excluded.archived'),
          read_merge_request_admin: eb.ref('excluded.read_merge_request_admin'),
          read_merge_request_anonymous: eb.ref('excluded.read_merge_request_anonymous'),
          read_merge_request_signed_in: eb.ref('excluded.read_merge_request_signed_in'),
          read_merge_request_member_min_level: eb.ref(
            'excluded.read_merge_request_member_min_level',
          ),
          read_issue_admin: eb.ref('excluded.read_issue_admin'),
          read_issue_anonymous: eb.ref('excluded.read_issue_anonymous'),
          read_issue_signed_in: eb.ref('excluded.read_issue_signed_in'),
          read_issue_member_min_level: eb.ref('excluded.read_issue_member_min_level'),
          version: eb.ref('excluded.version'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .whereRef('project_access_facts.version', '<', 'excluded.version'),
    )
    .execute()
}

/** Past this many projects the recorder forgets what it saw (it only saves writes). */
const REMEMBERED_PROJECTS = 100_000

/**
 * A saver for the facts that come with every Project message this service
 * fetches: it remembers the version it stored per project and skips what is
 * not newer, so reads do not write the same facts again and again.
 */
export function projectAccessFactsRecorder(
  db: Kysely<Database>,
): (facts: readonly ProjectAccessFacts[]) => Promise<void> {
  const stored = new Map<number, number>()
  return async (facts) => {
    const fresh = facts.filter((fact) => (stored.get(fact.projectId) ?? 0) < fact.version)
    if (fresh.length === 0) return
    await saveProjectAccessFacts(db, fresh)
    if (stored.size > REMEMBERED_PROJECTS) stored.clear()
    for (const fact of fresh) {
      stored.set(fact.projectId, Math.max(stored.get(fact.projectId) ?? 0, fact.version))
    }
  }
}

/**
 * Projects that have merge requests but no access facts yet: a database from
 * before the read model, or a project whose facts message was lost. Oldest
 * project ids first, at most `limit`.
 */
export async function findProjectsWithoutAccessFacts(
  db: Kysely<Database>,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('merge_requests')
    .select('merge_requests.target_project_id')
    .distinct()
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('project_access_facts')
            .select('project_access_facts.project_id')
            .whereRef('project_access_facts.project_id', '=', 'merge_requests.target_project_id'),
        ),
      ),
    )
    .orderBy('merge_requests.target_project_id')
    .limit(limit)
    .execute()
  return rows.map((row) => Number(row.target_project_id))
}

/** The access facts read model: who may read merge requests in each project. */
export class AccessFactsStore implements AccessFactsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores projects' access facts, each only when newer than the stored one. */
  save(facts: readonly ProjectAccessFacts[]): Promise<void> {
    return saveProjectAccessFacts(this.db, facts)
  }

  /** Projects that have merge requests but no access facts yet, oldest ids first. */
  findProjectsWithout(limit: number): Promise<number[]> {
    return findProjectsWithoutAccessFacts(this.db, limit)
  }
}
