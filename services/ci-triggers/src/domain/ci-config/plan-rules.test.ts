import { NO_JOBS, planPipeline, WORKFLOW_FILTERED } from './plan-pipeline.js'
import {
  branchContext,
  jobNames,
  jobOf,
  mergeRequestContext,
  planned,
  tagContext,
} from '../../testing/ci-config-contexts.js'
import type { CiConfigContext } from './types.js'

const rejected = (text: string, ctx: CiConfigContext): string[] => {
  const outcome = planPipeline(text, ctx)
  if (outcome.kind !== 'rejected')
    throw new Error(`expected rejected, got ${JSON.stringify(outcome)}`)
  return outcome.errors
}

const MR_ONLY = 'test:\n  script: echo test\n  only:\n    - merge_requests\n'

describe('only/except', () => {
  it("plans GitLab's merge-request-only job for MR pipelines and rejects a push", () => {
    expect(jobNames(MR_ONLY, mergeRequestContext())).toEqual(['test'])
    expect(rejected(MR_ONLY, branchContext())).toEqual([NO_JOBS])
  })

  it('defaults to branches and tags, so MR pipelines skip jobs without rules', () => {
    const yaml = 'a:\n  script: x\n'
    expect(jobNames(yaml, branchContext())).toEqual(['a'])
    expect(jobNames(yaml, tagContext())).toEqual(['a'])
    expect(rejected(yaml, mergeRequestContext())).toEqual([NO_JOBS])
  })

  it('matches keywords, plain refs and /regex/ refs', () => {
    const yaml = [
      'tags_only:',
      '  script: x',
      '  only: [tags]',
      'main_only:',
      '  script: x',
      '  only: [main]',
      'release:',
      '  script: x',
      '  only: ["/^release-.*$/"]',
      'triggered:',
      '  script: x',
      '  only: [triggers, api, web, schedules, pipelines]',
      'not_main:',
      '  script: x',
      '  except: [main]',
    ].join('\n')
    expect(jobNames(yaml, branchContext('push', 'main'))).toEqual(['main_only'])
    expect(jobNames(yaml, branchContext('push', 'release-1'))).toEqual(['release', 'not_main'])
    expect(jobNames(yaml, tagContext())).toEqual(['tags_only', 'not_main'])
    expect(jobNames(yaml, branchContext('trigger', 'main'))).toEqual(['main_only', 'triggered'])
    expect(jobNames(yaml, branchContext('web', 'dev'))).toEqual(['triggered', 'not_main'])
  })

  it('evaluates only:refs with only:variables, both required', () => {
    const yaml =
      'a:\n  script: x\n  only:\n    refs: [branches]\n    variables: [$DEPLOY == "yes"]\n'
    expect(rejected(yaml, branchContext())).toEqual([NO_JOBS])
    expect(jobNames(yaml, branchContext('push', 'main', { DEPLOY: 'yes' }))).toEqual(['a'])
    expect(
      jobNames(
        'a:\n  script: x\n  only:\n    variables: [$X]\n',
        branchContext('push', 'b', { X: '1' }),
      ),
    ).toEqual(['a'])
  })
})

describe('rules', () => {
  const yaml = [
    'build:',
    '  script: x',
    '  rules:',
    '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
    '      when: never',
    '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH',
    '      variables: { TARGET: prod }',
    '    - if: $CI_COMMIT_TAG',
    '      when: manual',
    '    - changes: [src/**]',
    '      when: delayed',
    '      start_in: 5 minutes',
    '      allow_failure: true',
  ].join('\n')

  it('takes the first matching rule, its when, variables and allow_failure', () => {
    expect(jobOf(yaml, 'build', branchContext())).toMatchObject({
      when: 'on_success',
      variables: { TARGET: 'prod' },
    })
    expect(jobOf(yaml, 'build', tagContext())).toMatchObject({
      when: 'manual',
      allowFailure: false,
    })
    // changes: is approximated as always true.
    expect(jobOf(yaml, 'build', branchContext('push', 'dev'))).toMatchObject({
      when: 'delayed',
      allowFailure: true,
      options: { start_in: '5 minutes' },
    })
    expect(rejected(yaml, mergeRequestContext())).toEqual([NO_JOBS])
  })

  it('leaves the job out when no rule matches', () => {
    expect(rejected('a:\n  script: x\n  rules:\n    - if: $NOPE\n', branchContext())).toEqual([
      NO_JOBS,
    ])
  })

  it('defaults allow_failure to true for manual jobs without rules only', () => {
    const manual =
      'a:\n  script: x\n  when: manual\nb:\n  script: x\n  when: manual\n  allow_failure: false\n'
    expect(planned(manual).jobs.map((j) => j.allowFailure)).toEqual([true, false])
    const exitCodes = jobOf('a:\n  script: x\n  allow_failure: { exit_codes: [137] }\n', 'a')
    expect(exitCodes).toMatchObject({
      allowFailure: false,
      options: { allow_failure_criteria: { exit_codes: [137] } },
    })
  })

  it('uses rules:needs over the job needs', () => {
    const text = [
      'stages: [build, test]',
      'a:',
      '  stage: build',
      '  script: x',
      'b:',
      '  stage: build',
      '  script: x',
      't:',
      '  stage: test',
      '  script: x',
      '  needs: [a, b]',
      '  rules:',
      '    - if: $ONLY_A',
      '      needs: [a]',
      '    - when: on_success',
    ].join('\n')
    expect(jobOf(text, 't', branchContext('push', 'main', { ONLY_A: '1' })).needs).toEqual(['a'])
    expect(jobOf(text, 't').needs).toEqual(['a', 'b'])
  })
})

describe('needs', () => {
  it('keeps [] and strings or hashes, drops missing optional needs, fails on missing required ones', () => {
    const text = [
      'lint:',
      '  stage: build',
      '  script: x',
      '  needs: []',
      'docs:',
      '  stage: build',
      '  script: x',
      '  rules: [{ if: $DOCS }]',
      'test:',
      '  script: x',
      '  needs: [lint, { job: docs, optional: true }]',
      'deploy:',
      '  stage: deploy',
      '  script: x',
      '  needs: [{ job: docs, artifacts: false }]',
    ].join('\n')
    const ok = planned(text, branchContext('push', 'main', { DOCS: '1' }))
    expect(ok.jobs.map((j) => [j.name, j.needs])).toEqual([
      ['lint', []],
      ['docs', null],
      ['test', ['lint', 'docs']],
      ['deploy', ['docs']],
    ])
    const outcome = planPipeline(text, branchContext())
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: [
        "'deploy' job needs 'docs' job, but 'docs' does not exist in the pipeline. This might be because of the only, except, or rules keywords. To need a job that sometimes does not exist in the pipeline, use needs:optional.",
      ],
    })
  })
})

describe('workflow', () => {
  const yaml = [
    'workflow:',
    '  name: Pipeline for $CI_COMMIT_REF_NAME ($MODE)',
    '  rules:',
    '    - if: $CI_PIPELINE_SOURCE == "schedule"',
    '      when: never',
    '    - if: $CI_COMMIT_TAG',
    '      variables: { MODE: release }',
    '    - if: $CI_COMMIT_BRANCH',
    'variables: { MODE: dev }',
    'job:',
    '  script: x',
  ].join('\n')

  it('filters pipelines and names them with expanded variables', () => {
    expect(rejected(yaml, branchContext('schedule'))).toEqual([WORKFLOW_FILTERED])
    expect(rejected(yaml, mergeRequestContext())).toEqual([WORKFLOW_FILTERED])
    const tag = planned(yaml, tagContext('v2'))
    expect(tag.name).toBe('Pipeline for v2 (release)')
    expect(tag.variables).toEqual({ MODE: 'release' })
    expect(tag.jobs[0]?.variables).toEqual({ MODE: 'release' })
    expect(planned(yaml, branchContext()).name).toBe('Pipeline for main (dev)')
  })

  it('drops the only/except default when workflow:rules exist, so MR pipelines get the job', () => {
    const text = 'workflow:\n  rules:\n    - when: always\njob:\n  script: x\n'
    expect(jobNames(text, mergeRequestContext())).toEqual(['job'])
  })

  it('rejects a pipeline of only .pre/.post jobs', () => {
    expect(rejected('a:\n  stage: .pre\n  script: x\n', branchContext())).toEqual([NO_JOBS])
  })

  it('reports config errors before filtering by workflow rules', () => {
    const text = 'workflow:\n  rules: [{ when: never }]\njob:\n  stage: nope\n  script: x\n'
    expect(planPipeline(text, branchContext()).kind).toBe('invalid')
  })
})
