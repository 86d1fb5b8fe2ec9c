import type {
  PostReceivePackRequest,
  PostUploadPackRequest,
  SmartHttpServiceServer,
} from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import { adoptFirstBranch } from './branches.js'
import { requireRepositoryAbility } from './caller-access.js'
import { diffRefs } from './push-events.js'
import type { RepositoryDeps } from './repository-rpc.js'
import { infoRefs, runService, type GitService } from './smart-http.js'
import { bidiStreaming, messageSink, splitFirst } from './streaming.js'

function gitService(name: string): GitService {
  if (name === 'upload-pack' || name === 'receive-pack') return name
  throw new InvalidError({}, 'Unsupported service')
}

function projectIdOf(first: { projectId: number } | undefined): number {
  if (!first || first.projectId <= 0) throw new InvalidError({}, 'project_id is missing')
  return first.projectId
}

/** Git smart HTTP as gRPC, as Gitaly's SmartHTTPService. */
export function smartHttpService(server: GrpcServer, deps: RepositoryDeps): SmartHttpServiceServer {
  const { store, logger } = deps
  return {
    infoRefs: server.unary('InfoRefs', async (req) => {
      const service = gitService(req.service)
      const projectId = projectIdOf(req)
      requireRepositoryAbility(
        req.caller,
        projectId,
        service === 'receive-pack' ? 'pushCode' : 'readCode',
      )
      // A project without a repository yet gets an empty one (git clones it as empty).
      await store.create(projectId, 'main')
      return { data: await infoRefs(store.repo(projectId), service, req.gitProtocol) }
    }),
    postUploadPack: bidiStreaming(logger, 'PostUploadPack', async (call) => {
      const { first, body } = await splitFirst<PostUploadPackRequest>(call)
      const projectId = projectIdOf(first)
      requireRepositoryAbility(first?.caller, projectId, 'readCode')
      await store.create(projectId, 'main')
      const sink = messageSink(call, (data) => ({ data }))
      await runService(store.repo(projectId), 'upload-pack', first?.gitProtocol ?? '', body, sink)
    }),
    postReceivePack: bidiStreaming(logger, 'PostReceivePack', async (call) => {
      const { first, body } = await splitFirst<PostReceivePackRequest>(call)
      const projectId = projectIdOf(first)
      requireRepositoryAbility(first?.caller, projectId, 'pushCode')
      await store.create(projectId, 'main')
      const repo = store.repo(projectId)
      const sink = messageSink(call, (data) => ({ data }))
      // The changes are the refs after against the refs before (git decides what it accepts).
      await deps.refChanges.write(repo, projectId, first?.caller?.userId, async () => {
        const before = await repo.refs()
        const protocol = first?.gitProtocol ?? ''
        await runService(repo, 'receive-pack', protocol, body, sink, deps.receiveMaxInputBytes)
        const changes = diffRefs(before, await repo.refs())
        const firstBranch = changes.find(
          (change) => change.newId && change.ref.startsWith('refs/heads/'),
        )
        if (firstBranch) await adoptFirstBranch(repo, firstBranch.ref.slice('refs/heads/'.length))
        return { result: undefined }
      })
    }),
  }
}
