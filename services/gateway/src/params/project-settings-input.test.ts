import { FeatureAccessLevel, FeatureAccessLevels } from '@suite/proto'
import { settingsInput } from './project-settings-input.js'

const {
  FEATURE_ACCESS_LEVEL_DISABLED,
  FEATURE_ACCESS_LEVEL_PRIVATE,
  FEATURE_ACCESS_LEVEL_ENABLED,
} = FeatureAccessLevel

/** Features left UNSPECIFIED (unchanged) but those given. */
function features(given: Partial<FeatureAccessLevels>): FeatureAccessLevels {
  return { ...FeatureAccessLevels.create(), ...given }
}

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
    expect(input.features).toEqual(
      features({ issues: FEATURE_ACCESS_LEVEL_DISABLED, wiki: FEATURE_ACCESS_LEVEL_PRIVATE }),
    )
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
    expect(input.features).toEqual(features({ issues: FEATURE_ACCESS_LEVEL_ENABLED }))
    expect(input.topicsGiven).toBe(false)
  })

  it('reads every feature by its parameter name, public only where GitLab has it', () => {
    const input = settingsInput({
      merge_requests_access_level: 'private',
      repository_access_level: 'disabled',
      container_registry_access_level: 'enabled',
      pages_access_level: 'public',
      merge_requests_enabled: true,
    })
    expect(input.features).toEqual(
      features({
        mergeRequests: FEATURE_ACCESS_LEVEL_PRIVATE,
        repository: FEATURE_ACCESS_LEVEL_DISABLED,
        containerRegistry: FEATURE_ACCESS_LEVEL_ENABLED,
        pages: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PUBLIC,
      }),
    )
  })

  it('leaves every feature unspecified when none is given', () => {
    expect(settingsInput({}).features).toEqual(FeatureAccessLevels.create())
  })
})
