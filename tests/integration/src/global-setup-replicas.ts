import { startSharedSuite } from './support/shared-suite'

/**
 * The integration-replicas project's suite: two of every role (REPLICAS=2),
 * the tests' requests alternating between the two gateways through a balancer
 * (support/gateway-balancer.ts). Jest needs this module's default export.
 */
export default async function globalSetup(): Promise<void> {
  await startSharedSuite(2)
}
