import type { ParticipantServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { listMergeRequestParticipants, type ParticipantReads } from '../domain/participants.js'
import { toCaller } from './from-proto.js'

/** gitlab.merge_requests.v1.ParticipantService: who took part in a merge request. */
export function participantService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
  participants: ParticipantReads,
): ParticipantServiceServer {
  return {
    listMergeRequestParticipants: server.unary('ListMergeRequestParticipants', async (request) => ({
      userIds: await listMergeRequestParticipants(
        { stores: deps.stores, participants },
        toCaller(request.caller),
        { projectId: request.projectId, iid: request.iid },
      ),
    })),
  }
}
