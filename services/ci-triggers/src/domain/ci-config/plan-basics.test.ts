import { planPipeline } from './plan-pipeline.js'
import { branchContext, jobNames, jobOf, planned } from '../../testing/ci-config-contexts.js'

const invalid = (text: string): string[] => {
  const outcome = planPipeline(text, branchContext())
  if (outcome.kind !== 'invalid')
    throw new Error(`expected invalid, got ${JSON.stringify(outcome)}`)
  return outcome.errors
}

describe('planPipeline: stages, scripts and defaults', () => {
  it('uses the default stages with .pre and .post, and stage test by default', () => {
    const plan = planned('build:\n  stage: build\n  script: make\ntest:\n  script: [make test]\n')
    expect(plan.stages).toEqual(['.pre', 'build', 'test', 'deploy', '.post'])
    expect(plan.jobs.map((j) => [j.name, j.stage, j.stageIdx])).toEqual([
      ['build', 'build', 1],
      ['test', 'test', 2],
    ])
    expect(plan.jobs[0]).toMatchObject({
      when: 'on_success',
      allowFailure: false,
      needs: null,
      tags: [],
    })
  })

  it('keeps declared stages in order and puts .pre/.post at the edges', () => {
    const plan = planned(
      'stages: [.post, lint, ship]\nlint:\n  stage: lint\n  script: x\nfirst:\n  stage: .pre\n  script: x\n',
    )
    expect(plan.stages).toEqual(['.pre', 'lint', 'ship', '.post'])
    expect(plan.jobs.map((j) => j.name)).toEqual(['first', 'lint'])
  })

  it('flattens nested script arrays and inherits default before/after_script, image and tags', () => {
    const yaml = [
      'default:',
      '  before_script: [echo before]',
      '  after_script: echo after',
      '  image: ruby:3',
      '  tags: [docker]',
      '  retry: 2',
      'job:',
      '  script: [a, [b, [c]]]',
      '  tags: [own]',
      'bare:',
      '  inherit:',
      '    default: [image]',
      '  script: x',
    ].join('\n')
    const job = jobOf(yaml, 'job')
    expect(job.script).toEqual(['a', 'b', 'c'])
    expect(job.beforeScript).toEqual(['echo before'])
    expect(job.afterScript).toEqual(['echo after'])
    expect(job.tags).toEqual(['own'])
    expect(job.options).toMatchObject({ image: 'ruby:3', retry: 2 })
    const bare = jobOf(yaml, 'bare')
    expect(bare.beforeScript).toEqual([])
    expect(bare.options).toEqual({ image: 'ruby:3' })
  })

  it('merges global and job variables as strings, with inherit:variables', () => {
    const yaml = [
      'variables:',
      '  A: 1',
      '  B: { value: two, description: the b }',
      'job:',
      '  variables: { B: own, C: true }',
      '  script: x',
      'lonely:',
      '  inherit: { variables: false }',
      '  script: x',
    ].join('\n')
    const plan = planned(yaml)
    expect(plan.variables).toEqual({ A: '1', B: 'two' })
    expect(jobOf(yaml, 'job').variables).toEqual({ A: '1', B: 'own', C: 'true' })
    expect(jobOf(yaml, 'lonely').variables).toEqual({})
  })

  it('passes runner keywords through in options and plans trigger jobs', () => {
    const yaml = [
      'job:',
      '  script: x',
      '  services: [postgres]',
      '  artifacts: { paths: [out/] }',
      '  cache: { key: k, paths: [vendor/] }',
      '  timeout: 1h',
      '  interruptible: true',
      '  environment: { name: production }',
      '  parallel: 3',
      'downstream:',
      '  trigger: { project: group/other }',
    ].join('\n')
    expect(jobOf(yaml, 'job').options).toEqual({
      services: ['postgres'],
      artifacts: { paths: ['out/'] },
      cache: { key: 'k', paths: ['vendor/'] },
      timeout: '1h',
      interruptible: true,
      environment: { name: 'production' },
      parallel: 3,
    })
    expect(jobOf(yaml, 'downstream')).toMatchObject({
      script: [],
      options: { trigger: { project: 'group/other' } },
    })
  })

  it('never plans hidden jobs and resolves extends (multi-level, arrays replaced, hashes merged)', () => {
    const yaml = [
      '.base:',
      '  image: ruby',
      '  variables: { A: a, B: b }',
      '  tags: [one, two]',
      '.middle:',
      '  extends: .base',
      '  variables: { B: middle }',
      'job:',
      '  extends: [.middle]',
      '  tags: [three]',
      '  script: x',
    ].join('\n')
    expect(jobNames(yaml)).toEqual(['job'])
    const job = jobOf(yaml, 'job')
    expect(job.variables).toEqual({ A: 'a', B: 'middle' })
    expect(job.tags).toEqual(['three'])
    expect(job.options.image).toBe('ruby')
  })

  it('resolves !reference tags and YAML anchors', () => {
    const yaml = [
      '.setup:',
      '  script: [echo setup]',
      '.vars: &vars',
      '  V: 1',
      'job:',
      '  variables: *vars',
      '  script:',
      '    - !reference [.setup, script]',
      '    - echo job',
    ].join('\n')
    const job = jobOf(yaml, 'job')
    expect(job.script).toEqual(['echo setup', 'echo job'])
    expect(job.variables).toEqual({ V: '1' })
  })
})

describe('planPipeline: invalid configurations', () => {
  it.each([
    ['a: b: c', /^\(<unknown>\): /],
    ['just text', /^Invalid configuration format$/],
    ['.hidden:\n  script: x\n', /^jobs config should contain at least one visible job$/],
    [
      'build:\n  stage: build\n',
      /^jobs build config should implement the script:, run:, or trigger: keyword$/,
    ],
    ['build:\n  script: ""\n', /^jobs:build script can't be blank$/],
    ['build:\n  script: x\n  scriptt: y\n', /^jobs:build config contains unknown keys: scriptt$/],
    [
      'test:\n  stage: nope\n  script: x\n',
      /^test job: chosen stage nope does not exist; available stages are \.pre, build, test, deploy, \.post$/,
    ],
    [
      'test:\n  script: x\n  when: never\n',
      /^jobs:test when should be one of: on_success, on_failure, always, manual, delayed$/,
    ],
    [
      'a:\n  extends: b\n  script: x\nb:\n  extends: a\n  script: x\n',
      /^a: circular dependency detected in `extends`$/,
    ],
    ['a:\n  extends: .nope\n  script: x\n', /^a: unknown keys in `extends` \(\.nope\)$/],
    [
      'a:\n  script: !reference [.x, script]\n',
      /^!reference \["\.x", "script"\] could not be found$/,
    ],
    [
      'include: ci/build.yml\na:\n  script: x\n',
      /^Included file `ci\/build.yml` is not supported by this server$/,
    ],
    [
      'include:\n  - local: /x.yml\na:\n  script: x\n',
      /^Included file `\/x.yml` is not supported by this server$/,
    ],
    ['stages: build\na:\n  script: x\n', /^stages config should be an array of strings$/],
    ['default:\n  script: x\na:\n  script: x\n', /^default config contains unknown keys: script$/],
    [
      'variables: [a]\na:\n  script: x\n',
      /^variables config should be a hash of key value pairs, value can be a hash$/,
    ],
    [
      'a:\n  script: x\n  rules:\n    - if: $A = "b"\n',
      /^jobs:a:rules:rule if invalid expression syntax$/,
    ],
    [
      'a:\n  script: x\n  rules: [{ when: sometimes }]\n',
      /^jobs:a:rules:rule when unknown value: sometimes$/,
    ],
    [
      'a:\n  script: x\n  only: [main]\n  rules: [{ when: always }]\n',
      /^jobs:a config key may not be used with `rules`: only$/,
    ],
    ['a:\n  script: x\n  needs: [b]\n', /^a job: undefined need: b$/],
    [
      'a:\n  stage: build\n  script: x\n  needs: [b]\nb:\n  script: x\n',
      /^a job: need b is not defined in current or prior stages$/,
    ],
    [
      'a:\n  script: x\n  allow_failure: maybe\n',
      /^jobs:a allow_failure should be a hash or a boolean value$/,
    ],
  ])('%j', (yaml, message) => {
    expect(invalid(yaml)[0]).toMatch(message)
  })

  it('refuses extends nested more than ten levels', () => {
    const lines = ['.l0:', '  script: x']
    for (let i = 1; i <= 12; i++) lines.push(`.l${i}:`, `  extends: .l${i - 1}`)
    lines.push('job:', '  extends: .l12')
    expect(invalid(lines.join('\n'))[0]).toMatch(/nesting too deep in `extends`$/)
  })

  it('lists the errors of every invalid job', () => {
    expect(invalid('a:\n  stage: x\nb:\n  stage: y\n')).toEqual([
      'jobs a config should implement the script:, run:, or trigger: keyword',
      'jobs b config should implement the script:, run:, or trigger: keyword',
    ])
  })
})
