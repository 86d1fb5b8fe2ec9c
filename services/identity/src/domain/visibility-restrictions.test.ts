import { restrictedVisibilityError } from './visibility-restrictions.js'

describe('restrictedVisibilityError', () => {
  const settings = { restrictedVisibilityLevels: ['public', 'internal'] }

  it('refuses a restricted level to a user, naming it as GitLab does', () => {
    expect(restrictedVisibilityError(settings, { admin: false }, 'internal')).toBe(
      'Internal has been restricted by your GitLab administrator',
    )
    expect(restrictedVisibilityError(settings, { admin: false }, 'private')).toBeUndefined()
  })

  it('lets administrators use every level', () => {
    expect(restrictedVisibilityError(settings, { admin: true }, 'public')).toBeUndefined()
  })
})
