import { adminOnlySettings } from './admin-settings-rules.js'
import { ErrorCollector } from './field-errors.js'

describe('adminOnlySettings', () => {
  it('drops mirror_user_id and repository_storage of a non-administrator', () => {
    const errors = new ErrorCollector()
    const kept = adminOnlySettings(
      { userId: 2, admin: false },
      { mirrorUserId: 5, repositoryStorage: 'elsewhere', buildGitStrategy: 'clone' },
      errors,
    )
    expect(kept).toEqual({
      mirrorUserId: undefined,
      repositoryStorage: undefined,
      buildGitStrategy: 'clone',
    })
    expect(errors.empty).toBe(true)
  })

  it('keeps an administrator’s values and accepts the default storage', () => {
    const errors = new ErrorCollector()
    const given = { mirrorUserId: 5, repositoryStorage: 'default' }
    expect(adminOnlySettings({ userId: 1, admin: true }, given, errors)).toEqual(given)
    expect(errors.empty).toBe(true)
  })

  it('refuses a storage that does not exist', () => {
    const errors = new ErrorCollector()
    adminOnlySettings({ userId: 1, admin: true }, { repositoryStorage: 'nfs-2' }, errors)
    expect(errors.toJSON()).toEqual({ repository_storage: ['is not included in the list'] })
  })
})
