import { assertLinearGrowth } from '@suite/runtime/testing'
import { parseNotifyPath } from './notify-path.js'

describe('parseNotifyPath', () => {
  it('reads the three URL shapes, with or without .json', () => {
    expect(parseNotifyPath('/top/sub/app/alerts/notify.json')).toEqual({
      fullPath: 'top/sub/app',
      type: 'http',
      endpointIdentifier: '',
      route: '/:full_path/alerts/notify.json',
    })
    expect(parseNotifyPath('/top/app/alerts/notify/grafana-eu/abc123DEF.json')).toEqual({
      fullPath: 'top/app',
      type: 'http',
      endpointIdentifier: 'abc123DEF',
      route: '/:full_path/alerts/notify/:name/:endpoint_identifier.json',
    })
    expect(parseNotifyPath('/top/app/prometheus/alerts/notify.json')).toMatchObject({
      fullPath: 'top/app',
      type: 'prometheus',
    })
    expect(parseNotifyPath('/top/app/alerts/notify')).toMatchObject({ fullPath: 'top/app' })
  })

  it('reads a project named prometheus as a project, and encoded paths', () => {
    expect(parseNotifyPath('/group/prometheus/alerts/notify.json')).toMatchObject({
      fullPath: 'group/prometheus',
      type: 'http',
    })
    expect(parseNotifyPath('/top%2Fapp/alerts/notify.json')).toMatchObject({ fullPath: 'top/app' })
  })

  it('leaves other paths alone: the API, git over HTTP, one segment, bad identifiers', () => {
    for (const path of [
      '/api/v4/alerts/notify.json',
      '/top/app.git/info/refs',
      '/top/app/git-receive-pack',
      '/app/alerts/notify.json',
      '/top/app/alerts/notify/name/not-hex!.json',
      '/top//app/alerts/notify.json',
      '/top/app/alerts/notify/extra/a/b.json',
    ]) {
      expect(parseNotifyPath(path)).toBeUndefined()
    }
  })

  it('reads the Prometheus route as its RegExp did, on paths of every shape', () => {
    const regex = /^\/(.+\/.+)\/prometheus\/alerts\/notify(?:\.json)?$/
    const segments = ['', 'a', 'b.c', 'prometheus', 'alerts', 'notify', 'notify.json', '%2F']
    const paths: string[] = []
    const build = (prefix: string, depth: number): void => {
      paths.push(prefix)
      if (depth < 5) for (const segment of segments) build(`${prefix}/${segment}`, depth + 1)
    }
    build('', 0)
    // The full path rule of notify-path.ts, for the project the RegExp names.
    const fullPath = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)+$/
    const disagreements = paths.filter((path) => {
      const group = regex.exec(path)?.[1]
      const decoded = group === undefined ? undefined : decodeURIComponent(group)
      const expected = decoded && fullPath.test(decoded) ? decoded : undefined
      const actual = parseNotifyPath(path)
      return (actual?.type === 'prometheus' ? actual.fullPath : undefined) !== expected
    })
    expect(disagreements).toEqual([])
    expect(parseNotifyPath('/a/b/prometheus/alerts/notify')).toMatchObject({ type: 'prometheus' })
  })

  // As `^\/(.+\/.+)\/prometheus…$`, 8,000 slashes took 25 ms of CPU on each POST.
  it.each([
    ['slashes', (n: number) => '/'.repeat(n)],
    ['short segments', (n: number) => `/${'a/'.repeat(n / 2)}`],
    ['a long project path', (n: number) => `/${'a/'.repeat(n / 2)}prometheus/alerts/notify.json`],
  ])('takes linear time on %s', (_shape, input) => {
    assertLinearGrowth({ input, run: parseNotifyPath, n: 20_000 })
  })
})
