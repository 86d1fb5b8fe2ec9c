import type { Caller as CallerMessage, PipelineInput, PipelineVariable } from '@suite/proto'
import { InvalidError } from '@suite/runtime'
import { grantOf } from '../clients/access.js'
import type { Caller } from '../domain/caller.js'
import type { InputValue, RequestVariable } from '../domain/pipeline-request.js'

/** The caller as the domain sees it, with the abilities the gateway (or a service) handed on. */
export function callerOf(caller: CallerMessage | undefined): Caller {
  const abilities = caller?.project
  const group = caller?.group
  return {
    userId: caller?.userId ?? null,
    admin: caller?.admin ?? false,
    grant: abilities ? grantOf(abilities.projectId, abilities) : undefined,
    ...(group
      ? { groupGrant: { groupId: group.groupId, adminCicdVariables: group.adminCicdVariables } }
      : {}),
  }
}

/** Request variables; a type other than env_var or file is refused. */
export function variablesOf(variables: readonly PipelineVariable[]): RequestVariable[] {
  return variables.map((variable) => {
    const type = variable.variableType || 'env_var'
    if (type !== 'env_var' && type !== 'file') {
      throw new InvalidError({}, 'variables[variable_type] does not have a valid value')
    }
    return { key: variable.key, value: variable.value, variableType: type }
  })
}

/** Typed inputs by name; an array travels as JSON text. */
export function inputsOf(inputs: readonly PipelineInput[]): Record<string, InputValue> {
  const values: Record<string, InputValue> = {}
  for (const input of inputs) {
    if (input.stringValue !== undefined) values[input.name] = input.stringValue
    else if (input.booleanValue !== undefined) values[input.name] = input.booleanValue
    else if (input.numberValue !== undefined) values[input.name] = input.numberValue
    else if (input.arrayJson !== undefined) {
      const parsed = parseJson(input.arrayJson)
      if (!Array.isArray(parsed)) throw new InvalidError({}, `${input.name} input is invalid`)
      values[input.name] = parsed
    }
  }
  return values
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
