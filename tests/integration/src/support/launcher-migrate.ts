import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

const REPO_ROOT = resolve(__dirname, '../../../..')
const LAUNCHER = join(REPO_ROOT, 'packages/launcher/dist/main.js')

export interface MigrateRun {
  code: number | null
  output: string
}

/**
 * `suite migrate` (the chart's migrations Job, `npm start`'s first step) against
 * `databaseUrl`, with only the variables it needs: every service's `migrate` role in
 * turn, identity first, seeding root with `rootToken`.
 */
export function runLauncherMigrate(
  databaseUrl: string,
  internalSecret: string,
  rootToken: string,
): Promise<MigrateRun> {
  const child = spawn(process.execPath, [LAUNCHER, 'migrate'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      INTERNAL_API_SECRET: internalSecret,
      INITIAL_ROOT_TOKEN: rootToken,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  return new Promise((done) => child.on('close', (code) => done({ code, output })))
}

/** The folders of the services that have migrations, by the schema each migrates. */
export const MIGRATED_SERVICES = {
  identity: 'identity',
  projects: 'projects',
  merge_requests: 'merge-requests',
  ci_triggers: 'ci-triggers',
  alerting: 'alerting',
} as const

/** The migration names of a service: its `YYYY_MM_DD_HHMM_<verb>_<noun>.ts` files, sorted. */
export function migrationNames(service: string): string[] {
  return readdirSync(join(REPO_ROOT, 'services', service, 'src/migrations'))
    .filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_[a-z0-9_]+\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort()
}
