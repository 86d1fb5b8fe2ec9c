import type { PipelineTables } from './pipeline-tables.js'
import type { RunnerTables } from './runner-tables.js'
import type { TriggerTables } from './trigger-tables.js'
import type { VariableTables } from './variable-tables.js'

/** Every table of the `ci_triggers` schema, one interface per aggregate's file. */
export type Database = PipelineTables & TriggerTables & RunnerTables & VariableTables
