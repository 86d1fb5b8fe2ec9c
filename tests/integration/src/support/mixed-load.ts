import type { UserWithToken } from './factories'
import type { MergeRequestJson } from './merge-requests'
import type { GroupJson, ProjectJson } from './types'

// The steady mixed load of the resilience tests (issue 13 point 1, issue 28 point 4): reads and
// writes of every domain, each kind naming the roles it cannot be answered without, sent in
// turn at a fixed rate.

export const IDENTITY = 'identity server'
export const PROJECTS = 'projects server'
export const REPOSITORY = 'projects repository'
export const MERGE_REQUESTS = 'merge-requests server'
export const CI = 'ci-triggers server'
export const ALERTING = 'alerting server'

export interface LoadRequest {
  method: string
  path: string
  body?: unknown
  token?: string
}

export interface Kind {
  name: string
  /** The launcher's names of the roles this request cannot be answered without. */
  needs: readonly string[]
  request: () => LoadRequest
}

export interface Outcome {
  kind: string
  needs: readonly string[]
  startedAt: number
  ms: number
  status: number | 'dropped'
  body: string
  /** The gateway's X-Request-Id: the suite log (TEST_KEEP_LOGS) says what failed under it. */
  requestId?: string | undefined
  /** The gateway (its base URL) that answered. */
  gateway?: string
  /** What was sent, for checking afterwards that an acknowledged write took effect. */
  sent?: LoadRequest
}

export interface LoadFixture {
  owner: UserWithToken
  rootToken: string
  group: GroupJson
  project: ProjectJson
  mr: MergeRequestJson
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The q-th quantile of `values` (0 for none). */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

/** Reads and writes in every domain, against one fixture's user, group, project and MR. */
export function mixedKinds(fixture: LoadFixture): Kind[] {
  const { owner, rootToken, group, project, mr } = fixture
  const p = `/projects/${project.id}`
  let writes = 0
  return [
    { name: 'GET /user', needs: [IDENTITY], request: () => ({ method: 'GET', path: '/user' }) },
    {
      // GroupDetail without its projects is identity's alone.
      name: 'GET /groups/:id?with_projects=false',
      needs: [IDENTITY],
      request: () => ({ method: 'GET', path: `/groups/${group.id}?with_projects=false` }),
    },
    {
      name: 'PUT /users/:id (admin)',
      needs: [IDENTITY],
      request: () => ({
        method: 'PUT',
        path: `/users/${owner.user.id}`,
        body: { bio: `write ${++writes}` },
        token: rootToken,
      }),
    },
    {
      name: 'GET /projects/:id',
      needs: [IDENTITY, PROJECTS],
      request: () => ({ method: 'GET', path: p }),
    },
    {
      name: 'PUT /projects/:id',
      needs: [IDENTITY, PROJECTS],
      request: () => ({ method: 'PUT', path: p, body: { description: `write ${++writes}` } }),
    },
    {
      name: 'GET /projects/:id/events',
      needs: [IDENTITY, PROJECTS],
      request: () => ({ method: 'GET', path: `${p}/events` }),
    },
    {
      // With its projects (GitLab's default), it needs the projects service too.
      name: 'GET /groups/:id',
      needs: [IDENTITY, PROJECTS],
      request: () => ({ method: 'GET', path: `/groups/${group.id}` }),
    },
    {
      name: 'GET /projects/:id/repository/tags',
      needs: [IDENTITY, PROJECTS, REPOSITORY],
      request: () => ({ method: 'GET', path: `${p}/repository/tags` }),
    },
    {
      name: 'GET /projects/:id/merge_requests',
      needs: [IDENTITY, PROJECTS, MERGE_REQUESTS],
      request: () => ({ method: 'GET', path: `${p}/merge_requests` }),
    },
    {
      name: 'PUT /projects/:id/merge_requests/:iid',
      // The answer's user.can_merge asks the repository role the target branch's protection
      // rules for the caller (GitLab's can_be_merged_by?).
      needs: [IDENTITY, PROJECTS, MERGE_REQUESTS, REPOSITORY],
      request: () => ({
        method: 'PUT',
        path: `${p}/merge_requests/${mr.iid}`,
        body: { description: `write ${++writes}` },
      }),
    },
    {
      name: 'GET /projects/:id/pipelines',
      needs: [IDENTITY, PROJECTS, CI],
      request: () => ({ method: 'GET', path: `${p}/pipelines` }),
    },
    {
      name: 'GET /projects/:id/alert_management_alerts',
      needs: [IDENTITY, PROJECTS, ALERTING],
      request: () => ({ method: 'GET', path: `${p}/alert_management_alerts` }),
    },
  ]
}

/** Sends one request of `kind` to the gateway at `baseUrl` (the owner's token unless it names one). */
export async function sendKind(
  baseUrl: string,
  kind: Kind,
  defaultToken: string,
): Promise<Outcome> {
  const sent = kind.request()
  const { method, path, body, token } = sent
  const startedAt = Date.now()
  const base = { kind: kind.name, needs: kind.needs, startedAt, gateway: baseUrl, sent }
  try {
    const res = await fetch(`${baseUrl}/api/v4${path}`, {
      method,
      headers: {
        'PRIVATE-TOKEN': token ?? defaultToken,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    })
    const text = await res.text()
    return {
      ...base,
      ms: Date.now() - startedAt,
      status: res.status,
      body: text.slice(0, 200),
      requestId: res.headers.get('x-request-id') ?? undefined,
    }
  } catch (error) {
    return {
      ...base,
      ms: Date.now() - startedAt,
      status: 'dropped',
      body: String((error as { cause?: unknown }).cause ?? error),
    }
  }
}

/**
 * Sends one request of every kind in turn at `ratePerSecond` (each by `send`) until `stop`
 * resolves; resolves with every outcome.
 */
export async function runLoad(
  kinds: readonly Kind[],
  send: (kind: Kind) => Promise<Outcome>,
  stop: Promise<unknown>,
  ratePerSecond: number,
): Promise<Outcome[]> {
  const pending: Promise<Outcome>[] = []
  let done = false
  void stop.then(() => (done = true))
  const interval = 1_000 / ratePerSecond
  const start = Date.now()
  for (let i = 0; !done; i++) {
    pending.push(send(kinds[i % kinds.length] as Kind))
    const next = start + (i + 1) * interval
    await sleep(Math.max(0, next - Date.now()))
  }
  return Promise.all(pending)
}
