import {
  applicationSettings,
  restrictedDefaultErrors,
  restrictedVisibilityError,
  validateSettingChanges,
} from './application-settings.js'

describe('application settings', () => {
  it('fills every setting GitLab has with its default under the stored values', () => {
    const settings = applicationSettings({ default_projects_limit: 42, unknown_setting: 1 })
    expect(settings.default_projects_limit).toBe(42)
    expect(settings.signup_enabled).toBe(true)
    expect(settings).not.toHaveProperty('unknown_setting')
  })

  it('refuses values the model refuses, in GitLab’s words', () => {
    let thrown: unknown
    try {
      validateSettingChanges({ default_projects_limit: -1 })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({
      fieldErrors: { default_projects_limit: ['must be greater than or equal to 0'] },
    })
    expect(validateSettingChanges({ default_projects_limit: 0, nope: true })).toEqual({
      default_projects_limit: 0,
    })
  })

  it('restricts a visibility level for everyone but administrators', () => {
    const settings = applicationSettings({ restricted_visibility_levels: ['public'] })
    expect(restrictedVisibilityError(settings, { userId: 2, admin: false }, 'public')).toBe(
      'Public has been restricted by your GitLab administrator',
    )
    expect(
      restrictedVisibilityError(settings, { userId: 1, admin: true }, 'public'),
    ).toBeUndefined()
    expect(
      restrictedVisibilityError(settings, { userId: 2, admin: false }, 'private'),
    ).toBeUndefined()
  })

  it('refuses a default visibility that is restricted, and a branch name git would refuse', () => {
    expect(
      restrictedDefaultErrors(
        applicationSettings({
          restricted_visibility_levels: ['internal'],
          default_group_visibility: 'internal',
        }),
      ),
    ).toEqual({ default_group_visibility: ['cannot be set to a restricted visibility level'] })
    expect(
      restrictedDefaultErrors(applicationSettings({ restricted_visibility_levels: ['public'] })),
    ).toBeUndefined()
    expect(() => validateSettingChanges({ default_branch_name: 'a..b' })).toThrow()
    expect(validateSettingChanges({ default_branch_name: 'trunk' })).toEqual({
      default_branch_name: 'trunk',
    })
    expect(validateSettingChanges({ default_branch_name: '' })).toEqual({ default_branch_name: '' })
  })
})
