import { sql, type Kysely } from 'kysely'
import { purgeInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/** Jobs removed per statement: each takes its trace along (a cascade of one row). */
const JOB_BATCH = 100

/**
 * Removes everything the ci-triggers schema holds for a deleted project, in
 * batches, and returns how many rows went: jobs (their traces cascade),
 * pipelines (their variables cascade), trigger tokens, CI/CD variables, the project's own
 * runners that served no other project (Projects::DestroyService removes
 * them; their assignments cascade), the remaining runner assignments, the
 * job token scope both ways, and the project's iid counters. Idempotent:
 * run again after a crash, it finishes the job.
 */
export async function purgeProjectRows(db: Kysely<Database>, projectId: number): Promise<number> {
  const byProject = sql`project_id = ${projectId}`
  let removed = await purgeInBatches(db, 'jobs', byProject, JOB_BATCH)
  removed += await purgeInBatches(db, 'pipelines', byProject)
  removed += await purgeInBatches(db, 'ci_triggers', byProject)
  // By the unique index's first expression, which only the project's variables match.
  removed += await purgeInBatches(db, 'ci_variables', sql`coalesce(project_id, 0) = ${projectId}`)
  removed += await purgeInBatches(
    db,
    'runners',
    sql`runner_type = 'project_type'
      and id in (select runner_id from runner_projects where project_id = ${projectId})
      and not exists (select 1 from runner_projects o
        where o.runner_id = runners.id and o.project_id <> ${projectId})`,
  )
  removed += await purgeInBatches(db, 'runner_projects', byProject)
  removed += await purgeInBatches(
    db,
    'job_token_allowlist',
    sql`project_id = ${projectId} or source_project_id = ${projectId}`,
  )
  removed += await purgeInBatches(db, 'job_token_group_allowlist', byProject)
  removed += await purgeInBatches(db, 'job_token_scopes', byProject)
  removed += await purgeInBatches(db, 'internal_ids', byProject)
  return removed
}
