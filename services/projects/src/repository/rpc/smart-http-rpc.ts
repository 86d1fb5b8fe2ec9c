import { randomUUID } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type {
  PostReceivePackRequest,
  PostUploadPackRequest,
  SmartHttpServiceServer,
} from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import { adoptFirstBranch } from '../git/branches.js'
import { requireRepositoryAbility } from './caller-access.js'
import { diffRefs } from '../domain/push-events.js'
import { parsePushOptions, PUSH_OPTIONS_ENV } from '../domain/push-options.js'
import { PUSH_RULES_ENV, type PushRules } from '../domain/push-rules.js'
import { pushActor } from './from-proto.js'
import type { RepositoryDeps } from './repository-context.js'
import { infoRefs, runService, type GitService } from '../git/smart-http.js'
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
        // The pre-receive hook refuses moves of protected branches the pusher may not make.
        const push: PushRules = {
          actor: pushActor(first?.caller),
          rules: await deps.protectedBranches.list(projectId),
        }
        // A file, not the variable itself: many rules would pass the kernel's
        // limit on one environment string and fail the push.
        const rulesFile = join(deps.pushHooksDir, `${randomUUID()}.json`)
        const optionsFile = `${rulesFile}.options`
        await writeFile(rulesFile, JSON.stringify(push), { mode: 0o600 })
        const hooks = {
          dir: deps.pushHooksDir,
          env: { [PUSH_RULES_ENV]: rulesFile, [PUSH_OPTIONS_ENV]: optionsFile },
        }
        let pushOptions: string[]
        try {
          await runService(
            repo,
            'receive-pack',
            first?.gitProtocol ?? '',
            body,
            sink,
            deps.receiveMaxInputBytes,
            hooks,
          )
          // The hook left the push's CI options (none when git ran no hook).
          pushOptions = parsePushOptions(await readFile(optionsFile, 'utf8').catch(() => '[]'))
        } finally {
          await Promise.all([rm(rulesFile, { force: true }), rm(optionsFile, { force: true })])
        }
        const changes = diffRefs(before, await repo.refs())
        const firstBranch = changes.find(
          (change) => change.newId && change.ref.startsWith('refs/heads/'),
        )
        if (firstBranch) await adoptFirstBranch(repo, firstBranch.ref.slice('refs/heads/'.length))
        // The first push to an empty repository protects the default branch it
        // made (Projects::ProtectDefaultBranchService); later pushes leave rules alone.
        const hadBranches = [...before.keys()].some((ref) => ref.startsWith('refs/heads/'))
        const head = hadBranches || !firstBranch ? undefined : await repo.headBranch()
        if (head) await deps.protectedBranches.protectDefault(projectId, head)
        return { result: undefined, pushOptions }
      })
    }),
  }
}
