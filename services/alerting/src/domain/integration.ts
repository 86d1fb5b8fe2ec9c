import { randomBytes } from 'node:crypto'

export const INTEGRATION_TYPES = ['http', 'prometheus'] as const
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]

/**
 * The alert fields a custom mapping may fill (GitLab's
 * http_integration_payload_attribute_mapping schema).
 */
export const MAPPABLE_FIELDS = [
  'title',
  'description',
  'start_time',
  'end_time',
  'severity',
  'fingerprint',
  'service',
  'monitoring_tool',
  'hosts',
  'environment_name',
] as const
export type MappableField = (typeof MAPPABLE_FIELDS)[number]

/** Alert field to the path of keys that reaches its value in a payload. */
export type AttributeMappings = Partial<Record<MappableField, readonly string[]>>

export interface Integration {
  id: number
  projectId: number
  name: string
  type: IntegrationType
  active: boolean
  endpointIdentifier: string
  /** The authorization key, opened. */
  token: string
  payloadAttributeMappings: AttributeMappings
  createdAt: Date
  updatedAt: Date
}

export type NewIntegration = Omit<Integration, 'id' | 'createdAt' | 'updatedAt'>

export interface IntegrationChanges {
  name?: string
  active?: boolean
  payloadAttributeMappings?: AttributeMappings
  token?: string
}

/** GitLab's HttpIntegration.generate_token: SecureRandom.hex, 32 hex characters. */
export function newIntegrationToken(): string {
  return randomBytes(16).toString('hex')
}

/** GitLab's default endpoint_identifier: SecureRandom.hex(8), 16 hex characters. */
export function newEndpointIdentifier(): string {
  return randomBytes(8).toString('hex')
}
