import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { schemaDatabaseUrl, schemasByDatabase, type SuiteDatabases } from './database'
import { ENV_STATE_FILE, readSuiteState } from './suite-state'

/** Every schema of the suite (one per service; the gateway has none). */
export const SUITE_SCHEMAS = ['identity', 'projects', 'merge_requests', 'ci_triggers', 'alerting']

/** Columns that name a project, wherever they appear. */
const PROJECT_COLUMNS = ['project_id', 'target_project_id', 'source_project_id']

interface ForeignKey {
  child: string
  childColumn: string
  parent: string
  parentColumn: string
}

const quoted = (table: string) =>
  table
    .split('.')
    .map((part) => `"${part}"`)
    .join('.')

/**
 * For each table of `schemas` (the suite's schemas in the database `client`
 * is connected to), the SQL condition (with the project
 * id as $1) that picks the project's rows: a project column equal to it (the
 * projects table by its id, identity's members by their source), or a foreign
 * key into rows so picked, followed as deep as the keys go. Built from the
 * catalogue, so a table added later is counted without a change here.
 */
export async function projectRowConditions(
  client: pg.Client,
  schemas: readonly string[] = SUITE_SCHEMAS,
): Promise<Map<string, string>> {
  const columns = await client.query<{ table: string; column: string }>(
    `select c.table_schema || '.' || c.table_name as table, c.column_name as column
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = any($1) and t.table_type = 'BASE TABLE'
        and c.column_name = any($2)`,
    [schemas, PROJECT_COLUMNS],
  )
  const keys = await client.query<ForeignKey>(
    `select (c.conrelid::regclass)::text as child, a.attname as "childColumn",
            (c.confrelid::regclass)::text as parent, af.attname as "parentColumn"
       from pg_constraint c
       join pg_namespace n on n.oid = c.connamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1 and n.nspname = any($1)`,
    [schemas],
  )
  const own = new Map<string, string[]>()
  const add = (table: string, condition: string) =>
    own.set(table, [...(own.get(table) ?? []), condition])
  for (const { table, column } of columns.rows) add(table, `"${column}" = $1`)
  if (schemas.includes('projects')) add('projects.projects', 'id = $1')
  if (schemas.includes('identity')) {
    add('identity.members', `(source_type = 'Project' and source_id = $1)`)
  }

  // A table's condition: its own, or a key into a table that has one (a few levels deep).
  let conditions = new Map([...own].map(([table, list]) => [table, list.join(' or ')]))
  for (let depth = 0; depth < 4; depth += 1) {
    const next = new Map<string, string[]>([...own].map(([table, list]) => [table, [...list]]))
    for (const key of keys.rows) {
      const parent = conditions.get(key.parent)
      if (!parent || key.child === key.parent) continue
      const via = `"${key.childColumn}" in (select "${key.parentColumn}" from ${quoted(key.parent)} where ${parent})`
      next.set(key.child, [...(next.get(key.child) ?? []), via])
    }
    conditions = new Map([...next].map(([table, list]) => [table, list.join(' or ')]))
  }
  return conditions
}

/** Runs `work` once per database of the suite, with the schemas that database holds. */
async function eachDatabase<T>(
  databases: SuiteDatabases,
  work: (client: pg.Client, schemas: string[]) => Promise<T>,
): Promise<T[]> {
  const results: T[] = []
  for (const [url, schemas] of schemasByDatabase(databases, SUITE_SCHEMAS)) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      results.push(await work(client, schemas))
    } finally {
      await client.end()
    }
  }
  return results
}

/** The project's rows in every table that holds any, by table (tables with none are left out). */
export async function countProjectRows(
  databases: SuiteDatabases,
  projectId: number,
): Promise<Record<string, number>> {
  const parts = await eachDatabase(databases, async (client, schemas) => {
    const conditions = await projectRowConditions(client, schemas)
    const counts: Record<string, number> = {}
    for (const [table, condition] of conditions) {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) as count from ${quoted(table)} where ${condition}`,
        [projectId],
      )
      const count = Number(rows[0]?.count ?? 0)
      if (count > 0) counts[table] = count
    }
    return counts
  })
  const merged: Record<string, number> = Object.assign({}, ...parts)
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)))
}

/** The tables the counting covers (those with a project column or a key into one). */
export async function countedTables(databases: SuiteDatabases): Promise<string[]> {
  const parts = await eachDatabase(databases, async (client, schemas) => [
    ...(await projectRowConditions(client, schemas)).keys(),
  ])
  return parts.flat().sort()
}

/** The project's bare repository under REPOSITORY_ROOT (hashed storage, as the repository role lays it out). */
export function repositoryDir(repositoryRoot: string, projectId: number): string {
  const hash = createHash('sha256').update(String(projectId)).digest('hex')
  return join(repositoryRoot, '@hashed', hash.slice(0, 2), hash.slice(2, 4), `${hash}.git`)
}

export function repositoryExists(repositoryRoot: string, projectId: number): boolean {
  return existsSync(join(repositoryDir(repositoryRoot, projectId), 'HEAD'))
}

/** REPOSITORY_ROOT of the suite global-setup started (undefined when the tests reuse one). */
export function suiteRepositoryRoot(): string | undefined {
  const file = process.env[ENV_STATE_FILE]
  const tempDir = file ? readSuiteState(file).tempDir : null
  return tempDir ? join(tempDir, 'repositories') : undefined
}

/** Identity's rows of these namespaces: the namespaces themselves and memberships in them. */
export async function countNamespaceRows(
  databases: SuiteDatabases,
  namespaceIds: readonly number[],
): Promise<{ namespaces: number; members: number }> {
  const client = new pg.Client({ connectionString: schemaDatabaseUrl(databases, 'identity') })
  await client.connect()
  try {
    const ids = [...namespaceIds]
    const namespaces = await client.query<{ n: string }>(
      'select count(*) as n from identity.namespaces where id = any($1)',
      [ids],
    )
    const members = await client.query<{ n: string }>(
      `select count(*) as n from identity.members
        where (source_type = 'Namespace' and source_id = any($1)) or member_namespace_id = any($1)`,
      [ids],
    )
    return { namespaces: Number(namespaces.rows[0]?.n), members: Number(members.rows[0]?.n) }
  } finally {
    await client.end()
  }
}
