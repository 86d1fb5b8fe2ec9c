import type { Identity } from '@suite/proto'
import { orNull } from './present-context.js'

/** API::Entities::Identity, with EE's saml_provider_id. */
export interface IdentityJson {
  provider: string
  extern_uid: string
  saml_provider_id: number | null
}

export function presentIdentity(identity: Identity): IdentityJson {
  return {
    provider: identity.provider,
    extern_uid: identity.externUid,
    saml_provider_id: orNull(identity.samlProviderId),
  }
}
