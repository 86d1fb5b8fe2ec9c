import { createDatabase, migrateToLatest, type VisibilityName } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import { migrations } from '../migrations/index.js'
import type { ProjectNamespace } from '../domain/project.js'
import {
  defaultFeatureLevels,
  FLAG_DEFAULTS,
  SCALAR_DEFAULTS,
  type FeatureLevels,
} from '../domain/project-settings.js'
import type { NewProject } from '../domain/project.js'
import type { Database } from '../store/schema.js'

/** A real PostgreSQL (127.0.0.1:5432 unless TEST_DATABASE_URL says otherwise). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A throwaway schema's name, unique to this process and moment. */
export function throwawaySchema(label: string): string {
  return `projects_${label}_test_${process.pid}_${Date.now()}`
}

/** A Kysely bound to a fresh, migrated throwaway schema; `drop` removes it. */
export async function migratedDatabase(
  label: string,
): Promise<{ db: Kysely<Database>; drop: () => Promise<void> }> {
  const schema = throwawaySchema(label)
  const db = createDatabase<Database>({ url: TEST_DATABASE_URL, schema, maxConnections: 4 })
  await migrateToLatest(db as Kysely<unknown>, schema, migrations)
  return {
    db,
    drop: async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
      await db.destroy()
    },
  }
}

/** A group namespace (traversal ids top first) or a user's personal namespace. */
export function namespaceOf(
  kind: 'group' | 'user',
  id: number,
  options: { traversalIds?: number[]; ownerId?: number } = {},
): ProjectNamespace {
  return {
    id,
    fullPath: `${kind}-${id}`,
    fullName: `${kind} ${id}`,
    kind,
    parentId: null,
    traversalIds: kind === 'group' ? (options.traversalIds ?? [id]) : [],
    ownerId: kind === 'user' ? (options.ownerId ?? null) : null,
  }
}

let drafts = 0

/** A project as create builds it, with GitLab's defaults unless told otherwise. */
export function projectDraft(
  namespace: ProjectNamespace,
  visibility: VisibilityName,
  features: Partial<FeatureLevels> = {},
): NewProject {
  drafts += 1
  const path = `project-${drafts}`
  return {
    namespace,
    name: path,
    path,
    fullPath: `${namespace.fullPath}/${path}`,
    description: null,
    visibility,
    creatorId: 1,
    defaultBranch: 'main',
    archived: false,
    importUrl: null,
    importType: null,
    importStatus: 'none',
    importError: null,
    starCount: 0,
    forkedFromProjectId: null,
    features: { ...defaultFeatureLevels(visibility), ...features },
    flags: { ...FLAG_DEFAULTS },
    settings: SCALAR_DEFAULTS,
    runnersToken: `token-${drafts}`,
    avatarFilename: null,
    repositoryObjectFormat: 'sha1',
  }
}
