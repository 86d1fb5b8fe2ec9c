import type { CiVariable } from '@suite/proto'
import { presentCiVariable, presentInstanceVariable } from './ci-variable.entity.js'

const variable: CiVariable = {
  key: 'DEPLOY_TOKEN',
  value: 'secret-value',
  variableType: 'env_var',
  protected: true,
  masked: true,
  hidden: false,
  raw: false,
  environmentScope: 'production',
  description: undefined,
}

describe('presentCiVariable', () => {
  it("renders GitLab's Ci::Variable in its field order, description null", () => {
    expect(JSON.stringify(presentCiVariable(variable))).toBe(
      JSON.stringify({
        variable_type: 'env_var',
        key: 'DEPLOY_TOKEN',
        value: 'secret-value',
        hidden: false,
        protected: true,
        masked: true,
        raw: false,
        environment_scope: 'production',
        description: null,
      }),
    )
  })

  it('shows a hidden variable without its value', () => {
    const hidden = { ...variable, value: undefined, hidden: true }
    expect(presentCiVariable(hidden)).toMatchObject({ value: null, hidden: true, masked: true })
  })

  it('leaves hidden and environment_scope out for an instance variable', () => {
    const instance = { ...variable, environmentScope: undefined, description: 'all jobs' }
    expect(JSON.stringify(presentInstanceVariable(instance))).toBe(
      JSON.stringify({
        variable_type: 'env_var',
        key: 'DEPLOY_TOKEN',
        value: 'secret-value',
        protected: true,
        masked: true,
        raw: false,
        description: 'all jobs',
      }),
    )
  })
})
