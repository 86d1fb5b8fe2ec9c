import { InvalidError, RecordNotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import {
  INTEGRATION_TYPES,
  MAPPABLE_FIELDS,
  newEndpointIdentifier,
  newIntegrationToken,
  type AttributeMappings,
  type Integration,
  type IntegrationType,
} from './integration.js'
import { requireAbility } from './policy.js'
import type { IntegrationStore } from './ports.js'

/** The name GitLab gives the project's Prometheus integration. */
const PROMETHEUS_NAME = 'Prometheus'
const NAME_MAX_LENGTH = 255
/** GitLab's json_schema validator message for a mapping it refuses. */
const INVALID_MAPPING = 'must be a valid json schema'

export interface IntegrationInput {
  name?: string
  type?: string
  active?: boolean
  payloadAttributeMappings?: Record<string, readonly string[]>
}

function typeOf(raw: string | undefined): IntegrationType {
  const type = INTEGRATION_TYPES.find((candidate) => candidate === raw)
  if (!type) throw new InvalidError({}, 'type does not have a valid value')
  return type
}

function nameErrors(name: string): string[] {
  if (name.trim() === '') return ["can't be blank"]
  if (Array.from(name).length > NAME_MAX_LENGTH) {
    return [`is too long (maximum is ${NAME_MAX_LENGTH} characters)`]
  }
  return []
}

/** Mappings of GitLab's known fields to non-empty paths; only http integrations map. */
function checkedMappings(
  type: IntegrationType,
  raw: Record<string, readonly string[]>,
): AttributeMappings {
  const entries = Object.entries(raw)
  if (entries.length === 0) return {}
  const known = new Set<string>(MAPPABLE_FIELDS)
  const valid =
    type === 'http' &&
    entries.every(
      ([field, path]) => known.has(field) && path.length > 0 && path.every((key) => key !== ''),
    )
  if (!valid) throw new InvalidError({ payload_attribute_mapping: [INVALID_MAPPING] })
  return Object.fromEntries(entries)
}

function check(errors: Record<string, string[]>): void {
  const present = Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0))
  if (Object.keys(present).length > 0) throw new InvalidError(present)
}

async function found(store: IntegrationStore, projectId: number, id: number): Promise<Integration> {
  const integration = await store.find(projectId, id)
  if (!integration) throw new RecordNotFoundError()
  return integration
}

export async function listIntegrations(
  store: IntegrationStore,
  caller: Caller,
  projectId: number,
): Promise<Integration[]> {
  requireAbility(caller, projectId, 'adminAlertIntegrations')
  return store.list(projectId)
}

export async function getIntegration(
  store: IntegrationStore,
  caller: Caller,
  projectId: number,
  id: number,
): Promise<Integration> {
  requireAbility(caller, projectId, 'adminAlertIntegrations')
  return found(store, projectId, id)
}

/**
 * A new integration with a fresh key and endpoint identifier. The Prometheus
 * one is named for its kind and is the project's only one.
 */
export async function createIntegration(
  store: IntegrationStore,
  caller: Caller,
  projectId: number,
  input: IntegrationInput,
): Promise<Integration> {
  requireAbility(caller, projectId, 'adminAlertIntegrations')
  const type = typeOf(input.type)
  const name = type === 'prometheus' && !input.name?.trim() ? PROMETHEUS_NAME : (input.name ?? '')
  check({ name: nameErrors(name) })
  const mappings = checkedMappings(type, input.payloadAttributeMappings ?? {})
  const created = await store.create({
    projectId,
    name,
    type,
    active: input.active ?? false,
    endpointIdentifier: newEndpointIdentifier(),
    token: newIntegrationToken(),
    payloadAttributeMappings: mappings,
  })
  if (!created) throw new InvalidError({}, 'Multiple Prometheus integrations are not supported')
  return created
}

export async function updateIntegration(
  store: IntegrationStore,
  caller: Caller,
  projectId: number,
  id: number,
  input: IntegrationInput,
): Promise<Integration> {
  requireAbility(caller, projectId, 'adminAlertIntegrations')
  const current = await found(store, projectId, id)
  if (input.name !== undefined) check({ name: nameErrors(input.name) })
  const mappings =
    input.payloadAttributeMappings === undefined
      ? undefined
      : checkedMappings(current.type, input.payloadAttributeMappings)
  const updated = await store.update(projectId, id, {
    name: input.name,
    active: input.active,
    payloadAttributeMappings: mappings,
  })
  if (!updated) throw new RecordNotFoundError()
  return updated
}

/** A new key; the old one stops working with this commit. */
export async function resetIntegrationToken(
  store: IntegrationStore,
  caller: Caller,
  projectId: number,
  id: number,
): Promise<Integration> {
  requireAbility(caller, projectId, 'adminAlertIntegrations')
  const updated = await store.update(projectId, id, { token: newIntegrationToken() })
  if (!updated) throw new RecordNotFoundError()
  return updated
}

export async function deleteIntegration(
  store: IntegrationStore,
  caller: Caller,
  projectId: number,
  id: number,
): Promise<void> {
  requireAbility(caller, projectId, 'adminAlertIntegrations')
  if (!(await store.delete(projectId, id))) throw new RecordNotFoundError()
}
