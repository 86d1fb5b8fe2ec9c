import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchSuite, say } from './support/launch-suite'
import { ENV_BASE_URL, ENV_ROOT_TOKEN, ENV_STATE_FILE } from './support/suite-state'

/**
 * Starts the whole suite with the launcher on a fresh database and Redis, and
 * tells the tests where it is. Jest needs this module's default export.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[ENV_BASE_URL] && process.env[ENV_ROOT_TOKEN]) {
    say(`using the suite already running at ${process.env[ENV_BASE_URL]}`)
    return
  }
  const { state } = await launchSuite({
    env: {
      // The production default, so that the access and job lines tests read are written
      // (request-id-jobs.test.ts); private suites stay at warn (launchSuite's default).
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      // GitLab.com's pipeline creation limit (off by default, as on self-managed), so that
      // a test can reach it; no other test creates 25 pipelines for one project, user and commit.
      PIPELINE_LIMIT_PER_PROJECT_USER_SHA: '25',
    },
  })
  const stateFile = join(state.tempDir as string, 'state.json')
  writeFileSync(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 })

  process.env[ENV_BASE_URL] = state.baseUrl
  process.env[ENV_ROOT_TOKEN] = state.rootToken
  process.env[ENV_STATE_FILE] = stateFile
}
