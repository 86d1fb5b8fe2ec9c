import { FeatureAccessLevel, FeatureAccessLevels } from '@suite/proto'
import {
  FEATURE_ACCESS_LEVEL_FIELDS,
  PROJECT_FEATURES,
  featureLevelOf,
  featureLevelWord,
  featureOn,
} from './project-features.js'

describe('the feature level mapping', () => {
  it("maps each level to GitLab's word and back", () => {
    for (const word of ['disabled', 'private', 'enabled', 'public'] as const) {
      expect(featureLevelWord(featureLevelOf(word))).toBe(word)
    }
    expect(featureLevelOf('private')).toBe(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE)
  })

  it('reads an unset level as enabled and an unknown word as not given', () => {
    expect(featureLevelWord(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED)).toBe('enabled')
    expect(featureLevelOf('everyone')).toBe(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED)
    expect(featureLevelOf(undefined)).toBe(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED)
  })

  it('says a feature is on unless disabled', () => {
    expect(featureOn(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_DISABLED)).toBe(false)
    expect(featureOn(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE)).toBe(true)
    expect(featureOn(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED)).toBe(true)
  })
})

describe('FEATURE_ACCESS_LEVEL_FIELDS', () => {
  it('names every field of FeatureAccessLevels once, as <feature>_access_level', () => {
    expect([...PROJECT_FEATURES].sort()).toEqual(Object.keys(FeatureAccessLevels.create()).sort())
    for (const feature of PROJECT_FEATURES) {
      const snake = feature.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
      expect(FEATURE_ACCESS_LEVEL_FIELDS[feature].name).toBe(`${snake}_access_level`)
    }
  })

  it('takes public for pages and the package registry only', () => {
    const withPublic = PROJECT_FEATURES.filter((feature) =>
      FEATURE_ACCESS_LEVEL_FIELDS[feature].words.includes('public'),
    )
    expect(withPublic.sort()).toEqual(['packageRegistry', 'pages'])
  })
})
