import type { CiVariable } from '@suite/proto'
import { orNull } from './present-context.js'

/**
 * API::Entities::Ci::Variable for a project's or group's variable: `value`
 * is null once the variable is hidden (Ci::VariableValue).
 */
export function presentCiVariable(variable: CiVariable) {
  return {
    variable_type: variable.variableType,
    key: variable.key,
    value: orNull(variable.value),
    hidden: variable.hidden,
    protected: variable.protected,
    masked: variable.masked,
    raw: variable.raw,
    environment_scope: orNull(variable.environmentScope),
    description: orNull(variable.description),
  }
}

/**
 * The same entity for an instance variable, which can be neither hidden nor
 * scoped: those fields are not exposed at all.
 */
export function presentInstanceVariable(variable: CiVariable) {
  const { hidden: _hidden, environment_scope: _scope, ...shown } = presentCiVariable(variable)
  return shown
}
