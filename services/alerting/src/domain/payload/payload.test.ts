import { createHash } from 'node:crypto'
import { alertFingerprint } from './fingerprint.js'
import { parseGenericPayload } from './generic.js'
import {
  fullQuery,
  isPrometheusNotification,
  notificationAlerts,
  parsePrometheusAlert,
} from './prometheus.js'
import { rubyInspect } from './ruby-values.js'

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')
const NOW = new Date('2026-11-27T10:00:00.000Z')

describe('alertFingerprint (Gitlab::AlertManagement::Fingerprint)', () => {
  it('hashes a string as it is, and nothing for a blank value', () => {
    expect(alertFingerprint('fingerprint')).toBe(sha1('fingerprint'))
    expect(alertFingerprint('')).toBeNull()
    expect(alertFingerprint([])).toBeNull()
    expect(alertFingerprint(null)).toBeNull()
  })

  it('flattens arrays and joins their items', () => {
    expect(alertFingerprint(['a', ['b', 'c'], 1])).toBe(sha1('abc1'))
  })

  it('hashes an object as Ruby prints a Hash', () => {
    expect(rubyInspect({ title: 'x', n: 1, nested: { ok: true, list: [1, null] } })).toBe(
      '{"title"=>"x", "n"=>1, "nested"=>{"ok"=>true, "list"=>[1, nil]}}',
    )
    expect(rubyInspect('a"b\\#{c}\n')).toBe('"a\\"b\\\\\\#{c}\\n"')
    expect(rubyInspect(1.5)).toBe('1.5')
    expect(rubyInspect(0.00001)).toBe('1.0e-05')
  })
})

describe('parseGenericPayload', () => {
  it('maps the documented fields with their defaults', () => {
    const parsed = parseGenericPayload({}, {}, NOW)
    expect(parsed).toMatchObject({
      title: 'New: Alert',
      severity: 'critical',
      startedAt: NOW,
      endedAt: null,
      resolved: false,
      hosts: [],
      fingerprint: null,
    })
  })

  it('reads severity words case-insensitively; unknown words are critical', () => {
    expect(parseGenericPayload({ severity: 'LOW' }, {}, NOW).severity).toBe('low')
    expect(parseGenericPayload({ severity: 'unknown' }, {}, NOW).severity).toBe('unknown')
    expect(parseGenericPayload({ severity: 'warning' }, {}, NOW).severity).toBe('critical')
  })

  it('resolves with end_time, lists hosts and truncates long text', () => {
    const parsed = parseGenericPayload(
      { title: 'x'.repeat(250), end_time: '2026-11-27T09:00:00Z', hosts: 'web-1' },
      {},
      NOW,
    )
    expect(parsed.resolved).toBe(true)
    expect(parsed.endedAt).toEqual(new Date('2026-11-27T09:00:00Z'))
    expect(parsed.hosts).toEqual(['web-1'])
    expect(parsed.title).toHaveLength(200)
    expect(parsed.title.endsWith('...')).toBe(true)
  })

  it('fingerprints the payload without start_time, end_time and hosts', () => {
    const first = parseGenericPayload(
      { title: 'x', start_time: '2026-01-01T00:00:00Z', hosts: ['a'] },
      {},
      NOW,
    )
    const second = parseGenericPayload({ title: 'x', start_time: '2026-02-01T00:00:00Z' }, {}, NOW)
    expect(first.fingerprint).toBe(sha1('{"title"=>"x"}'))
    expect(second.fingerprint).toBe(first.fingerprint)
    expect(parseGenericPayload({ title: 'x', fingerprint: ['a', 'b'] }, {}, NOW).fingerprint).toBe(
      sha1('ab'),
    )
  })

  it('reads custom mappings first', () => {
    const parsed = parseGenericPayload(
      { alert: { name: 'Disk full', level: 'high' }, title: 'ignored' },
      { title: ['alert', 'name'], severity: ['alert', 'level'] },
      NOW,
    )
    expect(parsed.title).toBe('Disk full')
    expect(parsed.severity).toBe('high')
  })
})

describe('Prometheus notifications', () => {
  const item = {
    status: 'firing',
    labels: { alertname: 'HighLatency', severity: 'Warning' },
    annotations: { summary: 'Latency is high', description: 'p99 > 1s', runbook: 'https://rb' },
    startsAt: '2026-11-27T09:00:00.000Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prom:9090/graph?g0.expr=vector%281%29&g0.tab=1',
  }
  const document = {
    version: '4',
    groupKey: 'k',
    status: 'firing',
    receiver: 'gitlab',
    groupLabels: {},
    commonLabels: {},
    commonAnnotations: {},
    externalURL: 'http://am',
    alerts: [item],
  }

  it('needs every required key and version 4', () => {
    expect(isPrometheusNotification(document)).toBe(true)
    expect(isPrometheusNotification({ ...document, version: '3' })).toBe(false)
    const { receiver: _receiver, ...withoutReceiver } = document
    expect(isPrometheusNotification(withoutReceiver)).toBe(false)
  })

  it('processes at most 100 alerts', () => {
    expect(notificationAlerts({ ...document, alerts: Array(150).fill(item) })).toHaveLength(100)
  })

  it('maps title, severity synonyms, zero endsAt and the fingerprint', () => {
    const parsed = parsePrometheusAlert(item, NOW)
    expect(fullQuery(item.generatorURL)).toBe('vector(1)')
    expect(parsed).toMatchObject({
      title: 'Latency is high',
      description: 'p99 > 1s',
      runbook: 'https://rb',
      severity: 'low',
      resolved: false,
      endedAt: null,
      monitoringTool: 'Prometheus',
      fingerprint: sha1('2026-11-27T09:00:00.000Z/Latency is high/vector(1)'),
    })
  })

  it('resolves on status resolved or an endsAt in the past; skips items without title or startsAt', () => {
    expect(
      parsePrometheusAlert({ ...item, status: 'resolved', endsAt: '2026-11-27T09:30:00Z' }, NOW),
    ).toMatchObject({ resolved: true, endedAt: new Date('2026-11-27T09:30:00Z') })
    expect(parsePrometheusAlert({ ...item, endsAt: '2026-11-27T09:30:00Z' }, NOW)?.resolved).toBe(
      true,
    )
    expect(parsePrometheusAlert({ ...item, endsAt: '2026-11-28T09:30:00Z' }, NOW)?.resolved).toBe(
      false,
    )
    expect(parsePrometheusAlert({ startsAt: item.startsAt }, NOW)).toBeNull()
    expect(parsePrometheusAlert({ labels: { alertname: 'A' } }, NOW)).toBeNull()
  })
})
