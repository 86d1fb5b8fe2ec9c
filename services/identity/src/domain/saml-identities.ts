import { ForbiddenError, InvalidError, NotFoundError, pageWindow } from '@suite/runtime'
import type { PageRequest } from '@suite/runtime'
import type { Stores } from './ports.js'
import { UniqueViolation } from './write-conflicts.js'
import type { Caller } from './caller.js'
import { findReadableGroup } from './group-access.js'
import { requireSignedIn } from './policy.js'
import { EXTERN_UID_TAKEN, externUidError, type SamlIdentity } from './saml-identity.js'

/** GitLab's bad_request! without a reason. */
const BAD_REQUEST = '400 Bad request'

/**
 * ee/lib/api/provider_identity.rb's guard: signed in (401), the group
 * readable (404 Group), then :read_saml_identities (Owner of a top-level
 * group, or admin; 403).
 */
async function requireSamlAccess(stores: Stores, caller: Caller, groupId: number): Promise<number> {
  requireSignedIn(caller)
  const { group, abilities } = await findReadableGroup(stores, caller, { id: groupId })
  if (!abilities.readSamlIdentities) throw new ForbiddenError()
  return group.id
}

/** The group's SAML provider and the identity with this uid; 404 Identity when either is missing. */
async function findIdentity(
  stores: Stores,
  caller: Caller,
  groupId: number,
  externUid: string,
): Promise<SamlIdentity> {
  const id = await requireSamlAccess(stores, caller, groupId)
  const providerId = await stores.samlIdentities.providerOf(id)
  const identity =
    providerId === undefined ? undefined : await stores.samlIdentities.find(providerId, externUid)
  if (!identity) throw new NotFoundError('Identity')
  return identity
}

/** GET /groups/:id/saml/identities: 400 when the group has no SAML provider, as GitLab. */
export async function listSamlIdentities(
  stores: Stores,
  caller: Caller,
  input: { groupId: number; page: PageRequest | undefined },
): Promise<{ identities: SamlIdentity[]; total: number }> {
  const id = await requireSamlAccess(stores, caller, input.groupId)
  const providerId = await stores.samlIdentities.providerOf(id)
  if (providerId === undefined) throw new InvalidError({}, BAD_REQUEST)
  return stores.samlIdentities.list(providerId, pageWindow(input.page))
}

/** GET /groups/:id/saml/:uid */
export function getSamlIdentity(
  stores: Stores,
  caller: Caller,
  input: { groupId: number; externUid: string },
): Promise<SamlIdentity> {
  return findIdentity(stores, caller, input.groupId, input.externUid)
}

/**
 * PATCH /groups/:id/saml/:uid: a blank uid is GitLab's NameID message; a uid
 * another identity of the group holds is refused by the unique index, so two
 * concurrent requests cannot both take it.
 */
export async function updateSamlIdentity(
  stores: Stores,
  caller: Caller,
  input: { groupId: number; externUid: string; newExternUid: string },
): Promise<SamlIdentity> {
  const identity = await findIdentity(stores, caller, input.groupId, input.externUid)
  const error = externUidError(input.newExternUid)
  if (error) throw new InvalidError({}, error)
  try {
    await stores.samlIdentities.updateExternUid(identity.id, input.newExternUid)
  } catch (caught) {
    if (caught instanceof UniqueViolation && caught.rule === 'identity') {
      throw new InvalidError({}, EXTERN_UID_TAKEN)
    }
    throw caught
  }
  return { ...identity, externUid: input.newExternUid }
}

/** DELETE /groups/:id/saml/:uid: the identity goes, the membership stays. */
export async function deleteSamlIdentity(
  stores: Stores,
  caller: Caller,
  input: { groupId: number; externUid: string },
): Promise<SamlIdentity> {
  const identity = await findIdentity(stores, caller, input.groupId, input.externUid)
  await stores.samlIdentities.delete(identity.id)
  return identity
}
