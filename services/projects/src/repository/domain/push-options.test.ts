import { pushOptionsFromHookEnv, parsePushOptions } from './push-options.js'

describe('pushOptionsFromHookEnv', () => {
  it('keeps the ci.* options git passed to the hook, in order', () => {
    expect(
      pushOptionsFromHookEnv({
        GIT_PUSH_OPTION_COUNT: '3',
        GIT_PUSH_OPTION_0: 'ci.skip',
        GIT_PUSH_OPTION_1: 'merge_request.create',
        GIT_PUSH_OPTION_2: 'ci.variable=A=1',
      }),
    ).toEqual(['ci.skip', 'ci.variable=A=1'])
  })

  it('has none without options, and caps their number and length', () => {
    expect(pushOptionsFromHookEnv({})).toEqual([])
    expect(pushOptionsFromHookEnv({ GIT_PUSH_OPTION_COUNT: 'x' })).toEqual([])
    const env: Record<string, string> = { GIT_PUSH_OPTION_COUNT: '80' }
    for (let i = 0; i < 80; i++) env[`GIT_PUSH_OPTION_${i}`] = `ci.variable=K${i}=v`
    env['GIT_PUSH_OPTION_0'] = `ci.variable=${'x'.repeat(2000)}`
    const options = pushOptionsFromHookEnv(env)
    expect(options).toHaveLength(50)
    expect(options[0]).toBe('ci.variable=K1=v')
  })
})

describe('parsePushOptions', () => {
  it('reads a JSON list of strings and nothing else', () => {
    expect(parsePushOptions('["ci.skip"]')).toEqual(['ci.skip'])
    expect(parsePushOptions('{"a":1}')).toEqual([])
    expect(parsePushOptions('nope')).toEqual([])
    expect(parsePushOptions('["ci.skip", 3]')).toEqual(['ci.skip'])
  })
})
