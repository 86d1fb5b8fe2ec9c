import type {
  DeleteSamlIdentityRequest,
  DeleteSamlIdentityResponse,
  GetSamlIdentityRequest,
  GetSamlIdentityResponse,
  ListSamlIdentitiesRequest,
  ListSamlIdentitiesResponse,
  SamlIdentityServiceServer,
  UpdateSamlIdentityRequest,
  UpdateSamlIdentityResponse,
} from '@suite/proto'
import type { GrpcServer, Logger } from '@suite/runtime'
import type { Caller } from '../domain/caller.js'
import {
  deleteSamlIdentity,
  getSamlIdentity,
  listSamlIdentities,
  updateSamlIdentity,
} from '../domain/saml-identities.js'
import type { SamlIdentity } from '../domain/saml-identity.js'
import type { Stores } from '../domain/ports.js'
import { toCaller, toPage } from './from-proto.js'
import { toSamlIdentityMessage } from './to-proto.js'

/** The audit line of an identity change, in the structured log. */
function logIdentityChange(
  logger: Logger,
  caller: Caller,
  action: 'updated' | 'deleted',
  identity: SamlIdentity,
  previousExternUid: string,
): void {
  logger.info(
    {
      audit: `saml_identity_${action}`,
      actorId: caller.userId,
      userId: identity.userId,
      groupId: identity.groupId,
      samlProviderId: identity.samlProviderId,
      externUid: identity.externUid,
      previousExternUid,
    },
    `SAML identity of user ${identity.userId} was ${action}`,
  )
}

/** gitlab.identity.v1.SamlIdentityService */
export function samlIdentityService(
  server: GrpcServer,
  stores: Stores,
  logger: Logger,
): SamlIdentityServiceServer {
  return {
    listSamlIdentities: server.unary(
      'ListSamlIdentities',
      async (req: ListSamlIdentitiesRequest): Promise<ListSamlIdentitiesResponse> => {
        const { identities, total } = await listSamlIdentities(stores, toCaller(req.caller), {
          groupId: req.groupId,
          page: toPage(req.page),
        })
        return { identities: identities.map(toSamlIdentityMessage), pageInfo: { total } }
      },
    ),

    getSamlIdentity: server.unary(
      'GetSamlIdentity',
      async (req: GetSamlIdentityRequest): Promise<GetSamlIdentityResponse> => {
        const identity = await getSamlIdentity(stores, toCaller(req.caller), {
          groupId: req.groupId,
          externUid: req.externUid,
        })
        return { identity: toSamlIdentityMessage(identity) }
      },
    ),

    updateSamlIdentity: server.unary(
      'UpdateSamlIdentity',
      async (req: UpdateSamlIdentityRequest): Promise<UpdateSamlIdentityResponse> => {
        const caller = toCaller(req.caller)
        const identity = await updateSamlIdentity(stores, caller, {
          groupId: req.groupId,
          externUid: req.externUid,
          newExternUid: req.newExternUid,
        })
        logIdentityChange(logger, caller, 'updated', identity, req.externUid)
        return { identity: toSamlIdentityMessage(identity) }
      },
    ),

    deleteSamlIdentity: server.unary(
      'DeleteSamlIdentity',
      async (req: DeleteSamlIdentityRequest): Promise<DeleteSamlIdentityResponse> => {
        const caller = toCaller(req.caller)
        const identity = await deleteSamlIdentity(stores, caller, {
          groupId: req.groupId,
          externUid: req.externUid,
        })
        logIdentityChange(logger, caller, 'deleted', identity, identity.externUid)
        return {}
      },
    ),
  }
}
