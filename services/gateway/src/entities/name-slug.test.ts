import { parameterize } from './name-slug.js'

describe('parameterize (String#parameterize)', () => {
  it.each([
    ['Production Alerts', 'production-alerts'],
    ['  Grafana -- EU/West  ', 'grafana-eu-west'],
    ['Café Zürich', 'cafe-zurich'],
    ['under_score', 'under_score'],
    ['!!!', 'http-endpoint'],
    ['', 'http-endpoint'],
  ])('%j is %j', (name, slug) => {
    expect(parameterize(name)).toBe(slug)
  })
})
