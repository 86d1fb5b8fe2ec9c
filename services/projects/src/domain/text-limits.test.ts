import { ErrorCollector } from './field-errors.js'
import type { SettingsInput } from './settings-input.js'
import { validateTextLimits } from './text-limits.js'

function errorsFor(given: Partial<SettingsInput>): unknown {
  const errors = new ErrorCollector()
  validateTextLimits(
    { features: {}, flags: {}, settings: {}, containerExpirationPolicy: {}, ...given },
    errors,
  )
  return errors.toJSON()
}

describe('validateTextLimits', () => {
  it('takes each attribute at its maximum', () => {
    expect(
      errorsFor({
        description: '☃'.repeat(2000),
        settings: { ciConfigPath: 'a'.repeat(255), mergeCommitTemplate: 'm'.repeat(500) },
      }),
    ).toEqual({})
  })

  it("refuses one character more with Rails' message, counting code points", () => {
    expect(
      errorsFor({
        description: '💥'.repeat(2001),
        settings: {
          ciConfigPath: 'a'.repeat(256),
          suggestionCommitMessage: 's'.repeat(256),
          squashCommitTemplate: 's'.repeat(501),
          issueBranchTemplate: 'i'.repeat(256),
        },
      }),
    ).toEqual({
      description: ['is too long (maximum is 2000 characters)'],
      ci_config_path: ['is too long (maximum is 255 characters)'],
      suggestion_commit_message: ['is too long (maximum is 255 characters)'],
      squash_commit_template: ['is too long (maximum is 500 characters)'],
      issue_branch_template: ['is too long (maximum is 255 characters)'],
    })
  })
})
