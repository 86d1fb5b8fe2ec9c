import { AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentSamlIdentity } from '../entities/saml-identity.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/**
 * Signed in first (401), then the group (404 when the caller cannot read
 * it), then read_saml_identities: its Owner or an administrator (403).
 */
const ACCESS = {
  ability: AUTHENTICATED,
  resolve: 'group',
  groupAbility: 'readSamlIdentities',
} as const

/**
 * ee/lib/api/provider_identity.rb for the group's SAML provider. `:uid` is
 * one path segment, percent-decoded (`%2F` is a slash of the uid), never a
 * format suffix; an unknown uid is identity's 404 Identity Not Found.
 */
export function samlIdentityRoutes(api: ApiRouter, identity: IdentityClients): void {
  const { samlIdentities } = identity

  // Registered before /saml/:uid so that "identities" is not read as a uid.
  api.list('/groups/:id/saml/identities', {
    ...ACCESS,
    handle: async ({ caller, group, page }) => {
      const answer = await samlIdentities.read.listSamlIdentities({
        caller,
        groupId: group.id,
        page,
      })
      return {
        items: answer.identities,
        total: answer.pageInfo?.total ?? answer.identities.length,
      }
    },
    present: presentSamlIdentity,
  })

  api.get('/groups/:id/saml/:uid', {
    ...ACCESS,
    params: { uid: p.string().required() },
    handle: async ({ caller, group, params }) => {
      const answer = await samlIdentities.read.getSamlIdentity({
        caller,
        groupId: group.id,
        externUid: params.uid,
      })
      return requireField(answer.identity, 'identity')
    },
    present: presentSamlIdentity,
  })

  api.patch('/groups/:id/saml/:uid', {
    ...ACCESS,
    params: { uid: p.string().required(), extern_uid: p.string().required() },
    handle: async ({ caller, group, params }) => {
      const answer = await samlIdentities.write.updateSamlIdentity({
        caller,
        groupId: group.id,
        externUid: params.uid,
        newExternUid: params.extern_uid,
      })
      return requireField(answer.identity, 'identity')
    },
    present: presentSamlIdentity,
  })

  api.delete('/groups/:id/saml/:uid', {
    ...ACCESS,
    params: { uid: p.string().required() },
    handle: async ({ caller, group, params }) => {
      await samlIdentities.write.deleteSamlIdentity({
        caller,
        groupId: group.id,
        externUid: params.uid,
      })
    },
  })
}
