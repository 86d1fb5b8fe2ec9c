import { settingsInput } from './project-settings-input.js'

describe('settingsInput', () => {
  it('folds the deprecated booleans and aliases into the settings', () => {
    const input = settingsInput({
      issues_enabled: false,
      wiki_access_level: 'private',
      emails_disabled: true,
      public_builds: false,
      tag_list: ['a'],
      container_expiration_policy_attributes: { cadence: '7d', keep_n: '5', enabled: true },
    })
    expect(input.accessLevels).toEqual({ issues: 'disabled', wiki: 'private' })
    expect(input.flags).toEqual({ emails_enabled: false, public_jobs: false })
    expect(input).toMatchObject({ topicsGiven: true, topics: ['a'] })
    expect(input.containerExpirationPolicy).toMatchObject({
      cadence: '7d',
      keepN: 5,
      enabled: true,
    })
  })

  it('prefers an access level over its deprecated boolean and leaves topics alone when absent', () => {
    const input = settingsInput({ issues_enabled: false, issues_access_level: 'enabled' })
    expect(input.accessLevels).toEqual({ issues: 'enabled' })
    expect(input.topicsGiven).toBe(false)
  })
})
