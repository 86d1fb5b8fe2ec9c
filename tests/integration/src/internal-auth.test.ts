import { credentials, Metadata, status, type CallOptions, type ServiceError } from '@grpc/grpc-js'
import {
  ProjectAbilities,
  RepositoryServiceClient,
  SmartHttpServiceClient,
  TokenServiceClient,
  type Caller,
  type CreateBranchResponse,
  type CreatePersonalAccessTokenRequest,
  type CreatePersonalAccessTokenResponse,
  type InfoRefsResponse,
  type ListBranchesResponse,
  type ReadFileResponse,
} from '@suite/proto'
import { api } from './support/api'
import { uniqueName } from './support/factories'
import { projectWithReadme } from './support/projects'
import { replicaUnavailable } from './support/gateway-replica'
import { describeUnless } from './support/skip'
import {
  IPV4_LOOPBACK,
  IPV6_LOOPBACK,
  listeningAddresses,
  suiteProcesses,
  type RoleProcess,
} from './support/suite-processes'
import { rootToken } from './support/suite-state'
import type { UserJson } from './support/types'

// The processes are found through the launcher's pid and /proc: the conditions of a replica.
const describeHere = describeUnless(replicaUnavailable(), __filename)

function createToken(
  address: string,
  request: CreatePersonalAccessTokenRequest,
  authorization: string | undefined,
): Promise<CreatePersonalAccessTokenResponse | ServiceError> {
  const client = new TokenServiceClient(address, credentials.createInsecure())
  const metadata = new Metadata()
  if (authorization !== undefined) metadata.set('authorization', authorization)
  return new Promise((resolve) => {
    client.createPersonalAccessToken(
      request,
      metadata,
      { deadline: Date.now() + 10_000 },
      (error, response) => {
        client.close()
        resolve(error ?? response)
      },
    )
  })
}

/** CreateBranch on the repository role, with the deployment's credential and `caller`. */
function createBranch(
  repository: RoleProcess,
  projectId: number,
  name: string,
  caller: Caller,
): Promise<CreateBranchResponse | ServiceError> {
  const client = new RepositoryServiceClient(
    `127.0.0.1:${repository.env['GRPC_PORT']}`,
    credentials.createInsecure(),
  )
  const metadata = new Metadata()
  metadata.set('authorization', `Bearer ${repository.env['INTERNAL_API_SECRET']}`)
  return new Promise((resolve) => {
    client.createBranch(
      { projectId, caller, name, ref: 'main', authorName: '', authorEmail: '' },
      metadata,
      { deadline: Date.now() + 10_000 },
      (error, response) => {
        client.close()
        resolve(error ?? response)
      },
    )
  })
}

/** InfoRefs (a clone's first request) on the repository role, with the credential and `caller`. */
function infoRefs(
  repository: RoleProcess,
  projectId: number,
  caller: Caller,
): Promise<InfoRefsResponse | ServiceError> {
  const client = new SmartHttpServiceClient(
    `127.0.0.1:${repository.env['GRPC_PORT']}`,
    credentials.createInsecure(),
  )
  const metadata = new Metadata()
  metadata.set('authorization', `Bearer ${repository.env['INTERNAL_API_SECRET']}`)
  return new Promise((resolve) => {
    client.infoRefs(
      { projectId, service: 'upload-pack', gitProtocol: '', caller },
      metadata,
      { deadline: Date.now() + 10_000 },
      (error, response) => {
        client.close()
        resolve(error ?? response)
      },
    )
  })
}

/** One unary call on the repository role with the deployment's credential: its answer or its error. */
function onRepository<T>(
  repository: RoleProcess,
  call: (
    client: RepositoryServiceClient,
    metadata: Metadata,
    options: Partial<CallOptions>,
    done: (error: ServiceError | null, response: T) => void,
  ) => void,
): Promise<T | ServiceError> {
  const client = new RepositoryServiceClient(
    `127.0.0.1:${repository.env['GRPC_PORT']}`,
    credentials.createInsecure(),
  )
  const metadata = new Metadata()
  metadata.set('authorization', `Bearer ${repository.env['INTERNAL_API_SECRET']}`)
  return new Promise((resolve) => {
    call(client, metadata, { deadline: Date.now() + 10_000 }, (error, response) => {
      client.close()
      resolve(error ?? response)
    })
  })
}

/** The status GET /user answers with `token`: 200 if the token exists, 401 if not. */
async function userStatus(token: string): Promise<number> {
  return (await api('/user', { token })).status
}

describeHere('internal gRPC calls', () => {
  let identity: RoleProcess
  let root: UserJson

  beforeAll(async () => {
    const found = suiteProcesses().find((p) => p.label === 'identity server')
    if (!found) throw new Error('the launcher runs no identity server process')
    identity = found
    const res = await api<UserJson>('/user', { token: rootToken() })
    expect(res.status).toBe(200)
    root = res.body
  })

  /**
   * A personal access token for root, asked for by a caller that claims to be
   * an admin, with a value of the caller's choosing: whether it exists
   * afterwards is what the API says of it.
   */
  function adminRequest(value: string): CreatePersonalAccessTokenRequest {
    return {
      caller: { userId: root.id, admin: true, scopes: ['api', 'sudo'] },
      userId: root.id,
      name: uniqueName('forged'),
      scopes: ['api', 'sudo'],
      value,
    }
  }

  it("refuses a call without the deployment's credential, UNAUTHENTICATED", async () => {
    const value = `glpat-${uniqueName('forged')}`
    const answer = await createToken(
      `127.0.0.1:${identity.env['GRPC_PORT']}`,
      adminRequest(value),
      undefined,
    )
    expect(answer).toMatchObject({ code: status.UNAUTHENTICATED })
    expect(await userStatus(value)).toBe(401)
  })

  it('refuses `admin: true` with a wrong credential, UNAUTHENTICATED', async () => {
    const value = `glpat-${uniqueName('forged')}`
    const secret = identity.env['INTERNAL_API_SECRET'] ?? ''
    expect(secret.length).toBeGreaterThanOrEqual(32)
    for (const wrong of [`Bearer ${secret.slice(0, -1)}x`, secret, `Bearer ${'0'.repeat(64)}`]) {
      const answer = await createToken(
        `127.0.0.1:${identity.env['GRPC_PORT']}`,
        adminRequest(value),
        wrong,
      )
      expect(answer).toMatchObject({ code: status.UNAUTHENTICATED })
    }
    expect(await userStatus(value)).toBe(401)
  })

  it('takes the same call with the credential (so the refusals above are the credential’s)', async () => {
    const value = `glpat-${uniqueName('internal')}`
    const answer = await createToken(
      `127.0.0.1:${identity.env['GRPC_PORT']}`,
      adminRequest(value),
      `Bearer ${identity.env['INTERNAL_API_SECRET']}`,
    )
    expect(answer).toMatchObject({ token: { userId: root.id } })
    expect(await userStatus(value)).toBe(200)
    const revoked = await api('/personal_access_tokens/self', { method: 'DELETE', token: value })
    expect(revoked.status).toBe(204)
  })

  it('has the repository role refuse a write whose caller lacks push_code, admin or not', async () => {
    const repository = suiteProcesses().find((p) => p.label === 'projects repository')
    if (!repository) throw new Error('the launcher runs no projects repository process')
    const { owner, project } = await projectWithReadme()
    const branchStatus = async (name: string) =>
      (await api(`/projects/${project.id}/repository/branches/${name}`, { token: owner.token }))
        .status
    const abilities = (granted: Partial<ProjectAbilities>) =>
      ProjectAbilities.fromPartial({ projectId: project.id, readProject: true, ...granted })
    const refused: [string, Caller][] = [
      ['admin: true, no abilities', { userId: root.id, admin: true, scopes: ['api'] }],
      [
        'read_code only',
        {
          userId: owner.user.id,
          admin: false,
          scopes: ['api'],
          project: abilities({ readCode: true }),
        },
      ],
      [
        'push_code in another project',
        {
          userId: owner.user.id,
          admin: true,
          scopes: ['api'],
          project: ProjectAbilities.fromPartial({ projectId: project.id + 1000, pushCode: true }),
        },
      ],
    ]
    for (const [what, caller] of refused) {
      const name = uniqueName('forged')
      const answer = await createBranch(repository, project.id, name, caller)
      expect({ what, code: (answer as ServiceError).code }).toEqual({
        what,
        code: status.PERMISSION_DENIED,
      })
      expect(await branchStatus(name)).toBe(404)
    }
    // The same call with the ability the projects policy grants a pusher goes through.
    const name = uniqueName('allowed')
    const answer = await createBranch(repository, project.id, name, {
      userId: owner.user.id,
      admin: false,
      scopes: ['api'],
      project: abilities({ readCode: true, pushCode: true }),
    })
    expect(answer).toMatchObject({ branch: { name } })
    expect(await branchStatus(name)).toBe(200)

    // A clone's advertisement likewise needs read_code, not admin.
    const admin: Caller = { userId: root.id, admin: true, scopes: ['api'] }
    expect(await infoRefs(repository, project.id, admin)).toMatchObject({
      code: status.PERMISSION_DENIED,
    })
    const reader: Caller = { ...admin, admin: false, project: abilities({ readCode: true }) }
    const advertisement = await infoRefs(repository, project.id, reader)
    expect(Buffer.from((advertisement as InfoRefsResponse).data).toString()).toContain(
      'refs/heads/main',
    )
  })

  it('has the repository role refuse a read whose caller lacks read_code in that project', async () => {
    const repository = suiteProcesses().find((p) => p.label === 'projects repository')
    if (!repository) throw new Error('the launcher runs no projects repository process')
    const { owner, project } = await projectWithReadme()
    const main = await api<{ commit: { id: string } }>(
      `/projects/${project.id}/repository/branches/main`,
      { token: owner.token },
    )
    expect(main.status).toBe(200)
    const sha = main.body.commit.id
    const readFile = (caller: Caller | undefined) =>
      onRepository<ReadFileResponse>(repository, (client, metadata, options, done) =>
        client.readFile(
          { projectId: project.id, sha, path: 'README.md', maxBytes: 4096, caller },
          metadata,
          options,
          done,
        ),
      )
    const listBranches = (caller: Caller | undefined) =>
      onRepository<ListBranchesResponse>(repository, (client, metadata, options, done) =>
        client.listBranches(
          { projectId: project.id, search: '', page: undefined, caller },
          metadata,
          options,
          done,
        ),
      )
    const user = { userId: owner.user.id, admin: false, scopes: ['api'] }
    const refused: [string, Caller | undefined][] = [
      ['no caller', undefined],
      ['admin: true, no abilities', { userId: root.id, admin: true, scopes: ['api'] }],
      [
        'read_project without read_code',
        {
          ...user,
          project: ProjectAbilities.fromPartial({ projectId: project.id, readProject: true }),
        },
      ],
      [
        'read_code in another project',
        {
          ...user,
          admin: true,
          project: ProjectAbilities.fromPartial({
            projectId: project.id + 1000,
            readProject: true,
            readCode: true,
            pushCode: true,
          }),
        },
      ],
      ['system: false', { ...user, system: false }],
    ]
    for (const [what, caller] of refused) {
      for (const [rpc, answer] of [
        ['ReadFile', await readFile(caller)],
        ['ListBranches', await listBranches(caller)],
      ] as const) {
        expect({ what, rpc, code: (answer as ServiceError).code }).toEqual({
          what,
          rpc,
          code: status.PERMISSION_DENIED,
        })
      }
    }
    // The same reads with read_code in this very project answer the content.
    const reader: Caller = {
      ...user,
      project: ProjectAbilities.fromPartial({
        projectId: project.id,
        readProject: true,
        readCode: true,
      }),
    }
    const file = (await readFile(reader)) as ReadFileResponse
    expect(file.found).toBe(true)
    const raw = await api(`/projects/${project.id}/repository/files/README.md/raw`, {
      token: owner.token,
      query: { ref: 'main' },
    })
    expect(raw.status).toBe(200)
    expect(raw.text).not.toBe('')
    expect(Buffer.from(file.content).toString()).toBe(raw.text)
    const branches = (await listBranches(reader)) as ListBranchesResponse
    expect(branches.branches.map((branch) => branch.name)).toEqual(['main'])
  })

  it('has the repository role answer the suite-only calls to a system caller only', async () => {
    const repository = suiteProcesses().find((p) => p.label === 'projects repository')
    if (!repository) throw new Error('the launcher runs no projects repository process')
    const { owner, project } = await projectWithReadme()
    const projectId = project.id
    // Even an Owner's full abilities in this very project, or an admin: these are the
    // projects and ci-triggers services' own calls, made once their policy has decided.
    const owners: Caller = {
      userId: owner.user.id,
      admin: true,
      scopes: ['api'],
      project: ProjectAbilities.fromPartial({
        projectId,
        readProject: true,
        readCode: true,
        pushCode: true,
        adminTag: true,
      }),
    }
    const calls: [string, (caller: Caller | undefined) => Promise<unknown>][] = [
      [
        'DeleteRepository',
        (caller) =>
          onRepository(repository, (c, m, o, d) =>
            c.deleteRepository({ projectId, caller }, m, o, d),
          ),
      ],
      [
        'CreateRepository',
        (caller) =>
          onRepository(repository, (c, m, o, d) =>
            c.createRepository(
              { projectId: projectId + 100_000, defaultBranch: 'main', objectFormat: '', caller },
              m,
              o,
              d,
            ),
          ),
      ],
      [
        'SetDefaultBranch',
        (caller) =>
          onRepository(repository, (c, m, o, d) =>
            c.setDefaultBranch({ projectId, name: 'main', caller }, m, o, d),
          ),
      ],
      [
        'KeepPipelineRef',
        (caller) =>
          onRepository(repository, (c, m, o, d) =>
            c.keepPipelineRef({ projectId, pipelineId: 1, sha: '0'.repeat(40), caller }, m, o, d),
          ),
      ],
      [
        'GetRepositoryInfo',
        (caller) =>
          onRepository(repository, (c, m, o, d) =>
            c.getRepositoryInfo({ projectId, caller }, m, o, d),
          ),
      ],
      [
        'BatchGetRepositoryInfo',
        (caller) =>
          onRepository(repository, (c, m, o, d) =>
            c.batchGetRepositoryInfo(
              { projectIds: [projectId], includeLicense: false, caller },
              m,
              o,
              d,
            ),
          ),
      ],
    ]
    for (const [rpc, call] of calls) {
      for (const [who, caller] of [
        ['no caller', undefined],
        ['an admin Owner of the project', owners],
        ['system: false', { ...owners, system: false }],
      ] as const) {
        const answer = await call(caller)
        expect({ rpc, who, code: (answer as ServiceError).code }).toEqual({
          rpc,
          who,
          code: status.PERMISSION_DENIED,
        })
      }
    }
    // The repository is still there, and its description still answers the suite's own caller.
    const readme = await api(`/projects/${projectId}/repository/files/README.md/raw`, {
      token: owner.token,
      query: { ref: 'main' },
    })
    expect(readme.status).toBe(200)
    const system: Caller = { admin: false, scopes: [], system: true }
    expect(
      await onRepository(repository, (c, m, o, d) =>
        c.getRepositoryInfo({ projectId, caller: system }, m, o, d),
      ),
    ).toMatchObject({ exists: true, empty: false })
  })

  it('runs every gRPC and metrics server on loopback only under `npm start`', () => {
    const processes = suiteProcesses()
    const labels = processes.map((p) => p.label)
    for (const expected of ['identity server', 'projects repository', 'gateway']) {
      expect(labels).toContain(expected)
    }
    for (const role of processes) {
      const addresses = listeningAddresses(role.pid)
      if (role.label.endsWith(' server') || role.label.endsWith(' repository')) {
        // Its gRPC port and its metrics port at least.
        expect({ role: role.label, count: addresses.length >= 2 }).toEqual({
          role: role.label,
          count: true,
        })
      }
      const exposed = addresses.filter((a) => !IPV4_LOOPBACK.test(a) && !IPV6_LOOPBACK.test(a))
      expect({ role: role.label, exposed }).toEqual({ role: role.label, exposed: [] })
    }
  })
})
