import type {
  DeleteGroupRequest,
  DeleteGroupResponse,
  GroupDeletionServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { deleteGroup, type GroupDeletionMark } from '../domain/delete-group.js'
import type { Stores } from '../domain/ports.js'
import { toCaller } from './from-proto.js'

/** gitlab.identity.v1.GroupDeletionService */
export function groupDeletionService(
  server: GrpcServer,
  stores: Stores,
  mark: GroupDeletionMark,
  /** Called after a deletion was written (wakes the outbox relay). */
  onDeletionQueued: () => void,
): GroupDeletionServiceServer {
  return {
    deleteGroup: server.unary(
      'DeleteGroup',
      async (req: DeleteGroupRequest): Promise<DeleteGroupResponse> => {
        await deleteGroup(stores, mark, toCaller(req.caller), req.groupId)
        onDeletionQueued()
        return {}
      },
    ),
  }
}
