/** The provider name of group SAML identities. */
export const GROUP_SAML_PROVIDER = 'group_saml'

/** What GitLab answers when a SAML identity's extern_uid is set blank (Identity's EE validation). */
export const SAML_NAME_ID_MISSING =
  'SAML NameID is missing from your SAML response. Please contact your administrator'

/** Identity's uniqueness validation of extern_uid, as errors.full_messages renders it. */
export const EXTERN_UID_TAKEN = 'Extern uid has already been taken'

/** A group SAML identity: a user's external uid at a top-level group's SAML provider. */
export interface SamlIdentity {
  id: number
  userId: number
  externUid: string
  groupId: number
  samlProviderId: number
}

/** The reason an extern_uid cannot be set, or undefined. */
export function externUidError(externUid: string): string | undefined {
  return externUid.trim() === '' ? SAML_NAME_ID_MISSING : undefined
}
