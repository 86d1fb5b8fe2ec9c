import type { PipelineVariable } from '@suite/proto'

/**
 * API::Entities::Ci::Variable for a Ci::PipelineVariable: the type, key and
 * value, plus `raw` (pipeline variables are always expanded here, as GitLab's
 * default).
 */
export function presentPipelineVariable(variable: PipelineVariable) {
  return {
    variable_type: variable.variableType || 'env_var',
    key: variable.key,
    value: variable.value,
    raw: false,
  }
}
