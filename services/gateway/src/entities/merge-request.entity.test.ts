import { contextFixture, rootFixture, userFixture } from '../testing/fixtures.js'
import { mergeRequestFixture, pipelineFixture } from '../testing/merge-request-fixture.js'
import { projectAbilitiesFixture } from '../testing/abilities-fixture.js'
import { featuresFixture, projectFixture } from '../testing/project-fixture.js'
import { presentMergeRequestBasic } from './merge-request-basic.entity.js'
import { mergeRequestDetailUserIds, presentMergeRequest } from './merge-request.entity.js'

const project = projectFixture({
  features: featuresFixture(),
  abilities: projectAbilitiesFixture(),
})
const ctx = contextFixture({
  users: new Map([[2, userFixture()]]),
  abilities: { project: project.abilities },
})
const base = { kind: 'project', project } as const

describe('presentMergeRequest', () => {
  it('is MergeRequestBasic plus the single-request fields', () => {
    const detail = {
      mergeRequest: mergeRequestFixture({ headPipelineId: 61 }),
      project,
      base,
      headPipeline: pipelineFixture(),
      includeDivergedCommitsCount: true,
    }
    const json = presentMergeRequest(detail, ctx)
    expect(json).toEqual({
      ...presentMergeRequestBasic(detail, ctx),
      subscribed: true,
      changes_count: '1',
      latest_build_started_at: '2026-11-21T10:56:24.123Z',
      latest_build_finished_at: '2026-11-21T11:00:00.000Z',
      first_deployed_to_production_at: null,
      pipeline: expect.objectContaining({ id: 61, status: 'success', sha: 'abc123' }),
      head_pipeline: expect.objectContaining({
        id: 61,
        detailed_status: expect.objectContaining({ group: 'success' }),
      }),
      diff_refs: { base_sha: 'base1', head_sha: 'abc123', start_sha: 'start1' },
      merge_error: null,
      diverged_commits_count: 4,
      first_contribution: false,
      // The service's answer: a Developer cannot merge into the protected default branch.
      user: { can_merge: false },
    })
    expect(mergeRequestDetailUserIds(detail)).toEqual([2, 2, 2])
  })

  it('answers null for what is not collected yet and leaves out rebase_in_progress', () => {
    const mergeRequest = mergeRequestFixture({
      diffRefs: undefined,
      changesCount: undefined,
      subscribed: undefined,
    })
    const json = presentMergeRequest({ mergeRequest, project, base }, ctx)
    expect(json).toMatchObject({
      diff_refs: null,
      changes_count: null,
      subscribed: false,
      pipeline: null,
      head_pipeline: null,
    })
    expect(json).toHaveProperty('diverged_commits_count', 4)
    expect(json).not.toHaveProperty('rebase_in_progress')
  })

  it('renders title and description with render_html', () => {
    const mergeRequest = mergeRequestFixture({ title: 'Add **it**', description: 'Uses `x`' })
    expect(
      presentMergeRequest({ mergeRequest, project, base, renderHtml: true }, ctx),
    ).toMatchObject({
      title_html: 'Add <strong>it</strong>',
      description_html: '<p data-sourcepos="1:1-1:8" dir="auto">Uses <code>x</code></p>',
    })
  })

  it("answers can_merge as the merge-requests service decided it, whatever the caller's level", () => {
    const mergeable = mergeRequestFixture({ callerCanMerge: true })
    expect(presentMergeRequest({ mergeRequest: mergeable, project, base }, ctx).user).toEqual({
      can_merge: true,
    })
    const admin = contextFixture({
      principal: { user: rootFixture(), token: undefined, sudo: false },
    })
    const refused = mergeRequestFixture({ callerCanMerge: false })
    expect(presentMergeRequest({ mergeRequest: refused, project, base }, admin).user).toEqual({
      can_merge: false,
    })
  })

  it('shows the head pipeline only with the read_pipeline the projects service answered', () => {
    const blind = { ...project, abilities: projectAbilitiesFixture({ readPipeline: false }) }
    const detail = {
      mergeRequest: mergeRequestFixture({ headPipelineId: 61 }),
      project: blind,
      base,
      headPipeline: pipelineFixture(),
    }
    expect(presentMergeRequest(detail, ctx)).toMatchObject({
      pipeline: null,
      head_pipeline: null,
      latest_build_started_at: null,
      latest_build_finished_at: null,
    })
  })
})
