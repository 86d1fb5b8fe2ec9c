import type { ErrorCollector } from './field-errors.js'

/** ProjectCiCdSetting::ALLOWED_SUB_CLAIM_COMPONENTS */
export const SUB_CLAIM_COMPONENTS = ['project_path', 'ref_type', 'ref']

/** The attribute GitLab names when the project's ci_cd_settings fail to save. */
export const SUB_CLAIM_FIELD = 'ci_cd_settings.id_token_sub_claim_components'

/**
 * ProjectCiCdSetting's id_token_sub_claim_components validations: at least
 * one element, project_path first, only the allowed components.
 */
export function validateSubClaimComponents(
  components: readonly string[],
  errors: ErrorCollector,
): void {
  if (components.length === 0) {
    errors.add(SUB_CLAIM_FIELD, 'is too short (minimum is 1 character)')
    return
  }
  if (components[0] !== 'project_path') {
    errors.add(SUB_CLAIM_FIELD, 'project_path must be the first element of the sub claim')
  }
  for (const component of components) {
    if (!SUB_CLAIM_COMPONENTS.includes(component)) {
      errors.add(SUB_CLAIM_FIELD, `${component} is not an allowed sub claim component`)
    }
  }
}
