import type { EventTables } from './event-tables.js'
import type { HookTables } from './hook-tables.js'
import type { ProjectTables } from './project-tables.js'
import type { ProtectedBranchTables } from './protected-branch-tables.js'
import type { RefChangeTables } from './ref-change-tables.js'
import type { StarTables } from './star-tables.js'

/** Every table of the `projects` schema, one interface per aggregate's file. */
export interface Database
  extends
    ProjectTables,
    EventTables,
    RefChangeTables,
    HookTables,
    ProtectedBranchTables,
    StarTables {}
