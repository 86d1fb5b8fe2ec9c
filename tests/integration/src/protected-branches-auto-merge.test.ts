import { api } from './support/api'
import { createPipeline, type PipelineJson } from './support/ci-jobs'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  createMergeRequest,
  featureBranch,
  mrPath,
  projectWithMain,
  userRef,
  waitForDiff,
  waitForMergeRequest,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, commitFiles } from './support/projects'
import { DEVELOPER, type ProjectJson } from './support/types'

// Workers (diff collection, head pipelines) on two shared cores.
jest.setTimeout(150_000)

/** Only API pipelines: the head pipeline each test creates is the one that runs. */
const CI_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
      when: never
    - when: always

test:
  script: echo checking
`

interface AutoMergeJson extends MergeRequestJson {
  merge_when_pipeline_succeeds: boolean
  head_pipeline: { id: number } | null
  user?: { can_merge: boolean }
}

let owner: UserWithToken
let developer: UserWithToken
let project: ProjectJson

/** A merge request into main whose head pipeline is still running (its job waits for a runner). */
async function requestWithPipeline(): Promise<AutoMergeJson> {
  const branch = uniqueName('guarded')
  const head = await featureBranch(owner.token, project.id, branch)
  const created = await createMergeRequest(owner.token, project.id, {
    source_branch: branch,
    target_branch: 'main',
    title: `Auto-merge ${branch}`,
  })
  await waitForDiff(owner.token, project.id, created.iid, head)
  const pipeline: PipelineJson = await createPipeline(owner.token, project.id, branch)
  return (await waitForMergeRequest(
    owner.token,
    project.id,
    created.iid,
    `head pipeline ${pipeline.id}`,
    (seen) => (seen as AutoMergeJson).head_pipeline?.id === pipeline.id,
  )) as AutoMergeJson
}

async function show(user: UserWithToken, mr: AutoMergeJson): Promise<AutoMergeJson> {
  const res = await api<AutoMergeJson>(mrPath(project.id, mr.iid), { token: user.token })
  expect(res.status).toBe(200)
  return res.body
}

function setAutoMerge(user: UserWithToken, mr: AutoMergeJson) {
  return api<AutoMergeJson>(mrPath(project.id, mr.iid, '/merge'), {
    method: 'PUT',
    token: user.token,
    body: { merge_when_pipeline_succeeds: true, sha: mr.sha },
  })
}

/** Replaces main's protection rule with one whose merge level is `mergeLevel`. */
async function protectMain(mergeLevel: number): Promise<void> {
  const rule = `/projects/${project.id}/protected_branches/main`
  expect((await api(rule, { method: 'DELETE', token: owner.token })).status).toBe(204)
  const created = await api(`/projects/${project.id}/protected_branches`, {
    method: 'POST',
    token: owner.token,
    body: { name: 'main', merge_access_level: mergeLevel },
  })
  expect(created.status).toBe(201)
}

beforeAll(async () => {
  ;[owner, developer] = await Promise.all([createUserWithToken(), createUserWithToken()])
  ;({ project } = await projectWithMain(owner))
  await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
  await commitFiles(owner.token, project.id, 'main', [
    { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
  ])
}, 60_000)

describe('auto-merge into a protected branch', () => {
  it('refuses a Developer on a Maintainers-merge branch with 401, and says can_merge false', async () => {
    // main is protected for Maintainers from the start (GitLab's default branch protection).
    const mr = await requestWithPipeline()
    expect((await show(developer, mr)).user).toEqual({ can_merge: false })
    expect((await show(owner, mr)).user).toEqual({ can_merge: true })

    const refused = await setAutoMerge(developer, mr)
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({ message: '401 Unauthorized' })
    const after = await show(owner, mr)
    expect([after.state, after.merge_when_pipeline_succeeds, after.merge_user]).toEqual([
      'opened',
      false,
      null,
    ])

    // A Maintainer may: auto-merge is set and waits for the pipeline.
    const allowed = await setAutoMerge(owner, mr)
    expect(allowed.status).toBe(200)
    expect([allowed.body.state, allowed.body.merge_when_pipeline_succeeds]).toEqual([
      'opened',
      true,
    ])
    expect(allowed.body.merge_user).toEqual(userRef(owner.user))
  })

  it("follows the branch's rule: Developers + Maintainers merge level lets the Developer set it", async () => {
    await protectMain(30)
    const mr = await requestWithPipeline()
    expect((await show(developer, mr)).user).toEqual({ can_merge: true })
    const allowed = await setAutoMerge(developer, mr)
    expect(allowed.status).toBe(200)
    expect(allowed.body.merge_when_pipeline_succeeds).toBe(true)
    expect(allowed.body.merge_user).toEqual(userRef(developer.user))
  })
})
