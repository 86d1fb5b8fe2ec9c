import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startGatewayBalancer, type GatewayBalancer } from './gateway-balancer'
import { launchSuite, say } from './launch-suite'
import { freePort } from './processes'
import {
  ENV_BASE_URL,
  ENV_GATEWAY_URLS,
  ENV_ROOT_TOKEN,
  ENV_STATE_FILE,
  type SuiteState,
} from './suite-state'

// global-setup and global-teardown run in jest's parent process, in module registries of
// their own: the balancer is handed from one to the other on globalThis.
const BALANCER = Symbol.for('suite-integration.gateway-balancer')
type WithBalancer = typeof globalThis & { [BALANCER]?: GatewayBalancer }

/**
 * The connection budget of a test run on PostgreSQL's max_connections of 100 (each process
 * of a role opens up to DATABASE_POOL_SIZE pooled connections plus one LISTEN session, the
 * gateways one each: R x (10 x (pool + 1) + 1), docs/operations.md).
 * - One of every role at 5: 66 at most, beside a private suite at 3 (41, private-suite.ts)
 *   and the unit tests' schemas in the other jest worker. At the production default of 10
 *   the shared suite alone could open 110 under load, and a full run once failed with
 *   `sorry, too many clients already` while a private suite was up.
 * - Two of every role at 3: 82 at most, beside a private suite at 2 (31); no unit tests run
 *   beside it. At 5 it would be 122 on its own.
 */
const POOL_SIZE_BY_REPLICAS: Record<number, string> = { 1: '5', 2: '3' }

/**
 * Starts the suite the integration tests share, with `replicas` of every role, and tells
 * the tests where it is. With several, the tests talk to a balancer that alternates
 * between the gateways (gateway-balancer.ts), and EXTERNAL_URL names the balancer, as it
 * would name an ingress.
 */
export async function startSharedSuite(replicas: number): Promise<void> {
  if (process.env[ENV_BASE_URL] && process.env[ENV_ROOT_TOKEN]) {
    say(`using the suite already running at ${process.env[ENV_BASE_URL]}`)
    return
  }
  const balancerPort = replicas > 1 ? await freePort() : undefined
  const { state } = await launchSuite({
    // Twenty-two processes start on two cores (replicas.test.ts allows its own as long).
    startTimeoutMs: replicas > 1 ? 240_000 : undefined,
    env: {
      REPLICAS: String(replicas),
      DATABASE_POOL_SIZE: POOL_SIZE_BY_REPLICAS[replicas] ?? '2',
      ...(balancerPort ? { EXTERNAL_URL: `http://127.0.0.1:${balancerPort}` } : {}),
      // The production default, so that the access and job lines tests read are written
      // (request-id-jobs.test.ts); private suites stay at warn (launchSuite's default).
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      // GitLab.com's pipeline creation limit (off by default, as on self-managed), so that
      // a test can reach it; no other test creates 25 pipelines for one project, user and commit.
      PIPELINE_LIMIT_PER_PROJECT_USER_SHA: '25',
    },
  })
  const shared: SuiteState = { ...state }
  if (balancerPort) {
    const gateways = state.gatewayUrls ?? [state.baseUrl]
    const balancer = await startGatewayBalancer(balancerPort, gateways)
    ;(globalThis as WithBalancer)[BALANCER] = balancer
    shared.baseUrl = balancer.url
    process.env[ENV_GATEWAY_URLS] = gateways.join(',')
    say(`requests alternate between the gateways ${gateways.join(', ')} behind ${balancer.url}`)
  }
  const stateFile = join(state.tempDir as string, 'state.json')
  writeFileSync(stateFile, JSON.stringify(shared, null, 2), { mode: 0o600 })

  process.env[ENV_BASE_URL] = shared.baseUrl
  process.env[ENV_ROOT_TOKEN] = shared.rootToken
  process.env[ENV_STATE_FILE] = stateFile
}

/** Closes the balancer startSharedSuite started, if any; says how it shared the requests. */
export async function stopSharedBalancer(): Promise<void> {
  const holder = globalThis as WithBalancer
  const balancer = holder[BALANCER]
  if (!balancer) return
  delete holder[BALANCER]
  say(`the balancer sent ${balancer.served().join(' and ')} requests to the gateways`)
  await balancer.close()
  delete process.env[ENV_GATEWAY_URLS]
}
