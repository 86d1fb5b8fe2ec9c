import { tooLong, type ErrorCollector } from './field-errors.js'
import type { SettingsInput } from './settings-input.js'

/**
 * The text attributes GitLab limits on Project and ProjectSetting, with their
 * maxima (Project: description 2000, ci_config_path 255, suggestion_commit_message
 * MAX_SUGGESTIONS_TEMPLATE_LENGTH; ProjectSetting: the commit templates
 * MAX_COMMIT_TEMPLATE_LENGTH, issue_branch_template 255).
 */
const SETTING_LIMITS = [
  ['ciConfigPath', 'ci_config_path', 255],
  ['suggestionCommitMessage', 'suggestion_commit_message', 255],
  ['mergeCommitTemplate', 'merge_commit_template', 500],
  ['squashCommitTemplate', 'squash_commit_template', 500],
  ['issueBranchTemplate', 'issue_branch_template', 255],
] as const

export const DESCRIPTION_MAX_LENGTH = 2000

/** Characters as Ruby counts them (code points, not UTF-16 units). */
function characters(text: string): number {
  let count = 0
  for (const _ of text) count += 1
  return count
}

/** Rails' length validations of the given text attributes, as field errors. */
export function validateTextLimits(given: SettingsInput, errors: ErrorCollector): void {
  if (given.description && characters(given.description) > DESCRIPTION_MAX_LENGTH) {
    errors.add('description', tooLong(DESCRIPTION_MAX_LENGTH))
  }
  for (const [key, field, max] of SETTING_LIMITS) {
    const value = given.settings[key]
    if (typeof value === 'string' && characters(value) > max) errors.add(field, tooLong(max))
  }
}
