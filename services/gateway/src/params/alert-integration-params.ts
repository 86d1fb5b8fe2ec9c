import type { AttributePath } from '@suite/proto'
import type { ParamRule } from './parse-params.js'
import { p } from './coercions.js'

/** `:id/alert_management/integrations/:integration_id`. */
export const integrationPathParams = {
  id: p.string().required(),
  integration_id: p.int().required(),
}

/**
 * `{title: ["path","to","key"], ...}`: each alert field to the path of a
 * payload key. Which fields may be mapped is the alerting service's rule.
 */
const payloadAttributeMappings = p.hash(p.array(p.string()))

export const createIntegrationParams = {
  id: p.string().required(),
  name: p.string(),
  type: p.string().default('http').values(['http', 'prometheus']),
  // AlertManagement::HttpIntegration's column default.
  active: p.bool().default(false),
  payload_attribute_mappings: payloadAttributeMappings,
}

export const updateIntegrationParams = {
  ...integrationPathParams,
  name: p.string(),
  active: p.bool(),
  payload_attribute_mappings: payloadAttributeMappings,
}

export const updateIntegrationRules: readonly ParamRule[] = [
  { kind: 'at_least_one_of', names: ['name', 'active', 'payload_attribute_mappings'] },
]

/** The mappings as the contract carries them. */
export function attributePaths(
  mappings: Readonly<Record<string, string[]>> | undefined,
): Record<string, AttributePath> {
  return Object.fromEntries(
    Object.entries(mappings ?? {}).map(([field, path]) => [field, { path }]),
  )
}
