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
})
