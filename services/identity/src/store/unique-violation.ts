import { isUniqueViolation } from '@suite/runtime'
import { UniqueViolation, type UniqueRule } from '../domain/write-conflicts.js'

const RULE_BY_CONSTRAINT: Readonly<Record<string, UniqueRule>> = {
  users_username_lower_key: 'username',
  users_email_lower_key: 'email',
  namespaces_full_path_lower_key: 'namespace_path',
  namespaces_parent_name_key: 'namespace_name',
  members_source_user_key: 'member',
  personal_access_tokens_token_digest_key: 'token',
  identities_user_provider_key: 'identity',
  identities_extern_uid_key: 'identity',
  member_roles_namespace_name_key: 'member_role_name',
  group_group_links_shared_pair: 'group_link',
}

/** Runs a write, turning a unique_violation into a UniqueViolation. */
export async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const constraint = (error as { constraint?: unknown }).constraint
    throw new UniqueViolation(
      (typeof constraint === 'string' && RULE_BY_CONSTRAINT[constraint]) || 'unknown',
    )
  }
}
