import type {
  GroupLinkServiceServer,
  SharedWithGroup as SharedWithGroupMessage,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { Stores } from '../domain/ports.js'
import {
  listGroupLinks,
  shareGroup,
  unshareGroup,
  type SharedWithGroup,
} from '../domain/share-group.js'
import { presentString, toCaller } from './from-proto.js'
import { toGroupMessage } from './to-proto.js'

function toSharedWithGroupMessage(link: SharedWithGroup): SharedWithGroupMessage {
  return {
    groupId: link.group.id,
    groupName: link.group.name,
    groupFullPath: link.group.fullPath,
    groupAccessLevel: link.groupAccess,
    expiresAt: link.expiresAt ?? undefined,
  }
}

/** gitlab.identity.v1.GroupLinkService */
export function groupLinkService(server: GrpcServer, stores: Stores): GroupLinkServiceServer {
  return {
    shareGroup: server.unary('ShareGroup', async (req) => {
      const { shared, links } = await shareGroup(stores, toCaller(req.caller), req.groupId, {
        sharedWithGroupId: req.sharedWithGroupId,
        groupAccess: req.groupAccess,
        expiresAt: presentString(req.expiresAt),
      })
      return {
        group: toGroupMessage(shared.group, shared.abilities),
        sharedWithGroups: links.map(toSharedWithGroupMessage),
      }
    }),
    unshareGroup: server.unary('UnshareGroup', async (req) => {
      await unshareGroup(stores, toCaller(req.caller), req.groupId, req.sharedWithGroupId)
      return {}
    }),
    listGroupLinks: server.unary('ListGroupLinks', async (req) => ({
      sharedWithGroups: (await listGroupLinks(stores, toCaller(req.caller), req.groupId)).map(
        toSharedWithGroupMessage,
      ),
    })),
  }
}
