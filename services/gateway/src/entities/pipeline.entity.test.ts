import { contextFixture, userFixture } from '../testing/fixtures.js'
import { pipelineFixture } from '../testing/merge-request-fixture.js'
import { projectFixture } from '../testing/project-fixture.js'
import {
  presentPipeline,
  presentPipelineBasic,
  presentPipelineBasicWithMetadata,
  presentPipelineWithMetadata,
} from './pipeline.entity.js'

const item = { pipeline: pipelineFixture(), project: projectFixture() }
const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })

describe('pipeline entities', () => {
  it('presents PipelineBasic', () => {
    expect(presentPipelineBasic(item, ctx)).toEqual({
      id: 61,
      iid: 2,
      project_id: 5,
      sha: 'abc123',
      ref: 'refs/merge-requests/3/head',
      status: 'success',
      source: 'merge_request_event',
      created_at: '2026-11-21T10:56:24.123Z',
      updated_at: '2026-11-21T11:00:00.000Z',
      web_url: 'https://gitlab.example.com/top/sub/team-app/-/pipelines/61',
    })
  })

  it('presents Ci::Pipeline with user and detailed_status', () => {
    expect(presentPipeline(item, ctx)).toEqual({
      ...presentPipelineBasic(item, ctx),
      before_sha: '0000000000000000000000000000000000000000',
      tag: false,
      yaml_errors: null,
      user: expect.objectContaining({ id: 2, username: 'alice' }),
      started_at: '2026-11-21T10:56:24.123Z',
      finished_at: '2026-11-21T11:00:00.000Z',
      committed_at: null,
      duration: 215,
      queued_duration: 1,
      coverage: null,
      detailed_status: {
        icon: 'status_success',
        text: 'Passed',
        label: 'passed',
        group: 'success',
        tooltip: 'passed',
        has_details: true,
        details_path: '/top/sub/team-app/-/pipelines/61',
        illustration: null,
        favicon: '/assets/ci_favicons/favicon_status_success.png',
      },
      archived: false,
    })
  })

  it('adds the name for lists and single pipelines, null when it has none', () => {
    const named = { ...item, pipeline: pipelineFixture({ name: 'Build pipeline' }) }
    expect(presentPipelineBasicWithMetadata(named, ctx)).toEqual({
      ...presentPipelineBasic(named, ctx),
      name: 'Build pipeline',
    })
    expect(presentPipelineWithMetadata(item, ctx)).toEqual({
      ...presentPipeline(item, ctx),
      name: null,
    })
  })

  it('shows coverage with two decimals, as Ci::PipelinePresenter', () => {
    const covered = { ...item, pipeline: pipelineFixture({ coverage: '30' }) }
    expect(presentPipeline(covered, ctx).coverage).toBe('30.00')
  })

  it.each([
    ['pending', 'status_pending', 'Pending', 'pending'],
    ['manual', 'status_manual', 'Blocked', 'manual'],
    ['waiting_for_resource', 'status_pending', 'Waiting', 'waiting-for-resource'],
  ])('describes %s', (status, icon, text, group) => {
    const json = presentPipeline({ ...item, pipeline: pipelineFixture({ status }) }, ctx)
    expect(json.detailed_status).toMatchObject({ icon, text, group })
  })
})
