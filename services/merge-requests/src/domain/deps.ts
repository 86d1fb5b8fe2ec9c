import type { Logger } from '@suite/runtime'
import type { Stores } from '../store/stores.js'
import type { Ports } from './ports.js'

/** The switches of the domain that the deployment sets. */
export interface MergeRequestsSettings {
  /** GitLab's restrict_merge_status_recheck feature flag. */
  restrictMergeStatusRecheck: boolean
  /** The instance's external URL (no trailing slash), for the URLs of webhook payloads. */
  externalUrl: string
}

/** What the domain, the rpc handlers and the workers of merge-requests are built from. */
export interface MergeRequestsDeps {
  stores: Stores
  ports: Ports
  logger: Logger
  settings: MergeRequestsSettings
}
