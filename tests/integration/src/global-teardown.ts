import { rmSync } from 'node:fs'
import { dropDatabase } from './support/database'
import { stopProcess, tail } from './support/processes'
import { ENV_STATE_FILE, readSuiteState } from './support/suite-state'

function say(line: string): void {
  process.stderr.write(`[integration] ${line}\n`)
}

/**
 * Stops the suite global-setup started (SIGTERM, SIGKILL after 15 s), drops
 * its database and removes its temporary directory. Jest needs the default export.
 */
export default async function globalTeardown(): Promise<void> {
  const stateFile = process.env[ENV_STATE_FILE]
  if (!stateFile) return
  const state = readSuiteState(stateFile)

  if (state.pid !== null) {
    const clean = await stopProcess(state.pid)
    if (!clean) {
      say(
        `the launcher ignored SIGTERM for 15 s and was killed; its log:\n${tail(state.logFile ?? '')}`,
      )
    }
  }
  if (state.database) {
    await dropDatabase(state.database.adminUrl, state.database.name).catch((error: unknown) => {
      say(`could not drop database ${state.database?.name}: ${String(error)}`)
    })
  }
  if (state.tempDir) {
    if (process.env.TEST_KEEP_LOGS) say(`suite log kept at ${state.logFile}`)
    else rmSync(state.tempDir, { recursive: true, force: true })
  }
  delete process.env[ENV_STATE_FILE]
}
