import { SUB_CLAIM_FIELD, validateSubClaimComponents } from './ci-settings-rules.js'
import { ErrorCollector } from './field-errors.js'
import { SCALAR_DEFAULTS } from './project-settings.js'

function errorsFor(components: string[]) {
  const errors = new ErrorCollector()
  validateSubClaimComponents(components, errors)
  return errors.toJSON()
}

describe('validateSubClaimComponents', () => {
  it('accepts project_path followed by ref_type and ref', () => {
    expect(errorsFor(['project_path'])).toEqual({})
    expect(errorsFor(['project_path', 'ref_type', 'ref'])).toEqual({})
  })

  it('refuses an empty list', () => {
    expect(errorsFor([])).toEqual({
      [SUB_CLAIM_FIELD]: ['is too short (minimum is 1 character)'],
    })
  })

  it('refuses a list not starting with project_path', () => {
    expect(errorsFor(['ref', 'project_path'])).toEqual({
      [SUB_CLAIM_FIELD]: ['project_path must be the first element of the sub claim'],
    })
  })

  it('refuses unknown components', () => {
    expect(errorsFor(['project_path', 'nope'])).toEqual({
      [SUB_CLAIM_FIELD]: ['nope is not an allowed sub claim component'],
    })
  })

  it("defaults to GitLab's project_path, ref_type, ref", () => {
    expect(SCALAR_DEFAULTS.ciIdTokenSubClaimComponents).toEqual(['project_path', 'ref_type', 'ref'])
  })
})
