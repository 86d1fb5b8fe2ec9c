import type { SamlIdentity } from '@suite/proto'

/** EE::API::Entities::IdentityDetail as the SAML endpoints present it. */
export interface SamlIdentityJson {
  extern_uid: string
  user_id: number
}

export function presentSamlIdentity(identity: SamlIdentity): SamlIdentityJson {
  return { extern_uid: identity.externUid, user_id: identity.userId }
}
