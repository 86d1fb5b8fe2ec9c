import { Transform, type Duplex, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { Metadata } from '@grpc/grpc-js'
import type { Request, RequestHandler, Response } from 'express'
import type { Project } from '@suite/proto'
import type { Logger } from '@suite/runtime'
import { isCallerUnauthenticated } from '../errors/grpc-errors.js'
import { authenticate } from '../auth/authenticate.js'
import { ANONYMOUS, callerOf, type Principal } from '../auth/principal.js'
import type { TokenCache } from '../auth/token-cache.js'
import type { ChangePublisher } from '../cache/change-listener.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { findProject } from '../clients/project-lookups.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import { HttpError } from '../errors/http-error.js'
import {
  ACCESS_DENIED,
  basicCredentials,
  CI_JOB_USER,
  JOB_TOKEN_PUSH_DENIED,
  gitRefusal,
  parseGitPath,
  type GitOperation,
} from './git-http-access.js'

export interface GitHttpDeps {
  identity: IdentityClients
  projects: ProjectsClients
  repository: RepositoryClients
  tokenCache: TokenCache
  logger: Logger
  /** A push changes the project's refs: its cached answers go before git hears the result end. */
  changes?: ChangePublisher
  /** CI_JOB_TOKEN as gitlab-ci-token's password; without it job tokens are refused. */
  pipelines?: Pick<PipelinesClients, 'jobTokens'>
}

/** Who clones: a principal, and the job token when a CI job does. */
interface GitCaller {
  principal: Principal
  jobToken?: string
}

/** A push or a clone of a big repository may take long; the stream ends when git does. */
const PACK_DEADLINE_MS = 60 * 60 * 1000

class GitHttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text)
  }
}

function refuse(res: Response, status: number, text: string): void {
  if (status === 401) res.set('WWW-Authenticate', 'Basic realm="GitLab"')
  res.status(status).type('text/plain').send(`${text}\n`)
}

/**
 * A CI job's clone: while its job runs, the job token acts as the job's user
 * (read only); a finished job's token, or any other, is 401.
 */
async function jobPrincipal(
  deps: GitHttpDeps,
  token: string,
  operation: GitOperation,
): Promise<GitCaller> {
  const answer = deps.pipelines
    ? await deps.pipelines.jobTokens.authenticateJobToken({ token }).catch((error: unknown) => {
        if (isCallerUnauthenticated(error)) return undefined
        throw error
      })
    : undefined
  if (!answer?.running) throw new GitHttpRefusal(401, ACCESS_DENIED)
  // Gitlab::Auth#build_access_token_check: a job whose user may not sign in (blocked,
  // banned, deactivated) authenticates no one, asked afresh on every request.
  const access = await deps.identity.userAccess.read.checkUserAccess({ userId: answer.userId })
  if (!access.user || !access.allowed) throw new GitHttpRefusal(401, ACCESS_DENIED)
  if (operation === 'push') throw new GitHttpRefusal(403, JOB_TOKEN_PUSH_DENIED)
  const user = access.user
  return { principal: { user, token: undefined, sudo: false }, jobToken: token }
}

async function principalOf(
  req: Request,
  deps: GitHttpDeps,
  operation: GitOperation,
): Promise<GitCaller> {
  const credentials = basicCredentials(req.get('authorization'))
  if (!credentials) return { principal: ANONYMOUS }
  const token = credentials.password
  if (credentials.username === CI_JOB_USER) return jobPrincipal(deps, token, operation)
  try {
    // The token's scopes travel in the caller: the projects service's
    // read_code and push_code answers for the project hold them.
    return { principal: await authenticate(token, undefined, deps) }
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 401)) throw error
  }
  return { principal: await passwordPrincipal(deps, credentials.username, token) }
}

/**
 * Gitlab::Auth#user_with_password_for_git, after the token checks: the
 * username (or email) and password of a user who may sign in, with every
 * ability a session has (no token scopes). Never cached: a block stops it at once.
 */
async function passwordPrincipal(
  deps: GitHttpDeps,
  login: string,
  password: string,
): Promise<Principal> {
  const answer = await deps.identity.userAccess.read
    .authenticatePassword({ login, password })
    .catch((error: unknown) => {
      if (isCallerUnauthenticated(error)) return undefined
      throw error
    })
  if (!answer?.user) throw new GitHttpRefusal(401, ACCESS_DENIED)
  return { user: answer.user, token: undefined, sudo: false }
}

async function projectFor(deps: GitHttpDeps, principal: Principal, fullPath: string) {
  try {
    return await findProject(deps.projects, callerOf(principal), fullPath)
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined
    throw error
  }
}

async function jobTokenReaches(deps: GitHttpDeps, token: string, projectId: number) {
  const answer = await deps.pipelines?.jobTokens.authenticateJobToken({
    token,
    targetProjectId: projectId,
  })
  return answer?.running === true && answer.targetAllowed
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function gitProtocol(req: Request): string {
  return req.get('git-protocol') ?? ''
}

/** The request body, gunzipped when git sent it compressed. */
function requestBody(req: Request): Readable {
  return /gzip/i.test(req.get('content-encoding') ?? '') ? req.pipe(createGunzip()) : req
}

/**
 * Git's smart HTTP protocol at `/<full_path>.git/...` (and without `.git`):
 * Basic auth with a personal access token as password, the caller's
 * abilities in the project as the projects service answered them, bodies
 * streamed to and from the repository role's SmartHttpService.
 */
export function gitHttpRoutes(deps: GitHttpDeps): RequestHandler {
  return (req, res, next) => {
    const target = parseGitPath(req.path)
    if (!target) {
      next()
      return
    }
    const isInfoRefs = target.endpoint === 'info/refs'
    if (isInfoRefs ? req.method !== 'GET' && req.method !== 'HEAD' : req.method !== 'POST') {
      next()
      return
    }
    const serviceName = isInfoRefs ? queryText(req.query['service']) : target.endpoint
    if (serviceName !== 'git-upload-pack' && serviceName !== 'git-receive-pack') {
      refuse(res, 403, 'Unsupported service. Only smart HTTP is supported.')
      return
    }
    const service = serviceName === 'git-upload-pack' ? 'upload-pack' : 'receive-pack'
    const operation: GitOperation = service === 'upload-pack' ? 'download' : 'push'
    res.locals['route'] = `/:full_path.git/${target.endpoint}`
    serve(req, res, deps, target.fullPath, service, operation, isInfoRefs).catch(
      (error: unknown) => {
        if (error instanceof GitHttpRefusal) {
          refuse(res, error.status, error.text)
          return
        }
        deps.logger.error({ err: error }, 'git over HTTP failed')
        if (!res.headersSent) refuse(res, 500, 'Internal Server Error')
        else res.destroy()
      },
    )
  }
}

async function serve(
  req: Request,
  res: Response,
  deps: GitHttpDeps,
  fullPath: string,
  service: 'upload-pack' | 'receive-pack',
  operation: GitOperation,
  isInfoRefs: boolean,
): Promise<void> {
  const { principal, jobToken } = await principalOf(req, deps, operation)
  const found = await projectFor(deps, principal, fullPath)
  // The job token scope: the job's own project, or one whose allowlist admits it.
  const project =
    found && jobToken !== undefined && !(await jobTokenReaches(deps, jobToken, found.id))
      ? undefined
      : found
  const refusal = gitRefusal(project, principal, operation)
  if (refusal || !project) {
    throw new GitHttpRefusal(refusal?.status ?? 404, refusal?.message ?? '')
  }
  res.set('Cache-Control', 'no-cache, max-age=0, must-revalidate')
  if (isInfoRefs) {
    const { data } = await deps.repository.smartHttp.infoRefs({
      projectId: project.id,
      service,
      gitProtocol: gitProtocol(req),
      // The repository role checks read_code (push_code for receive-pack) itself.
      caller: callerOf(principal, { project: project.abilities }),
    })
    res.status(200).type(`application/x-git-${service}-advertisement`).send(data)
    return
  }
  await streamPack(req, res, deps, project, principal, service)
}

async function streamPack(
  req: Request,
  res: Response,
  deps: GitHttpDeps,
  project: Project,
  principal: Principal,
  service: 'upload-pack' | 'receive-pack',
): Promise<void> {
  const raw = deps.repository.smartHttpRaw
  const options = { deadline: Date.now() + PACK_DEADLINE_MS }
  // Both calls are object-mode duplex streams of { data } messages.
  const call = (service === 'upload-pack'
    ? raw.postUploadPack(new Metadata(), options)
    : raw.postReceivePack(new Metadata(), options)) as unknown as Duplex
  // The pusher is also the author of the push events; the repository role checks either's ability.
  const caller = callerOf(principal, { project: project.abilities })
  call.write({
    projectId: project.id,
    caller,
    gitProtocol: gitProtocol(req),
    data: Buffer.alloc(0),
  })
  const toMessages = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, { projectId: 0, caller: undefined, gitProtocol: '', data: chunk })
    },
  })
  const toBytes = new Transform({
    writableObjectMode: true,
    transform(message: { data: Buffer }, _encoding, callback) {
      callback(null, message.data)
    },
  })
  res.status(200).type(`application/x-git-${service}-result`)
  await Promise.all([
    pipeline(requestBody(req), toMessages, call),
    pipeline(call, toBytes, res, { end: false }),
  ])
  if (service === 'receive-pack') {
    await deps.changes?.written({ tags: [`p:${project.id}`], actor: principal.user?.id })
  }
  res.end()
}
