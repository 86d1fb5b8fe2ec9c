import { createDatabase, createSecretBox, migrateToLatest } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import { parseGenericPayload } from '../domain/payload/generic.js'
import { migrations } from '../migrations/index.js'
import { AlertEventsStore } from './alert-events.store.js'
import { AlertsStore } from './alerts.store.js'
import { IntegrationsStore } from './integrations.store.js'
import type { Database } from './schema.js'

// A real PostgreSQL (127.0.0.1:5432 unless TEST_DATABASE_URL says otherwise),
// in a throwaway schema dropped afterwards.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const schema = `alerting_test_${process.pid}_${Date.now()}`
const NOW = new Date('2026-11-27T10:00:00.000Z')

let db: Kysely<Database>
let alerts: AlertsStore
let integrations: IntegrationsStore
let integrationId: number

const source = () => ({ integrationId, integrationType: 'http' as const, payloadDigest: 'd' })

beforeAll(async () => {
  db = createDatabase<Database>({ url, schema, maxConnections: 10 })
  await migrateToLatest(db as Kysely<unknown>, schema, migrations)
  alerts = new AlertsStore(db)
  integrations = new IntegrationsStore(db, createSecretBox(Buffer.alloc(32, 7)))
  const created = await integrations.create({
    projectId: 1,
    name: 'HTTP',
    type: 'http',
    active: true,
    endpointIdentifier: 'abcdef0123456789',
    token: 'a'.repeat(32),
    payloadAttributeMappings: {},
  })
  integrationId = created!.id
})

afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
  await db.destroy()
})

describe('AlertsStore on PostgreSQL', () => {
  it('groups 100 concurrent identical payloads into one alert with event_count 100', async () => {
    const parsed = parseGenericPayload({ title: 'storm' }, {}, NOW)
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => alerts.record(1, parsed, source())),
    )
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1)
    expect(outcomes.filter((o) => o.kind === 'grouped')).toHaveLength(99)
    const rows = await db
      .selectFrom('alert_management_alerts')
      .selectAll()
      .where('title', '=', 'storm')
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ iid: 1, event_count: 100, status: 'triggered' })
    const events = await db
      .selectFrom('alert_events')
      .select('kind')
      .where('alert_id', '=', rows[0]!.id)
      .execute()
    expect(events).toHaveLength(100)
    // No iid was burnt by the inserts that turned into groupings.
    const next = await alerts.record(1, parseGenericPayload({ title: 'other' }, {}, NOW), source())
    expect(next.kind === 'created' && next.alert.iid).toBe(2)
  })

  it('resolves, then opens a new alert for the same payload; resolving nothing is unmatched', async () => {
    const firing = parseGenericPayload({ title: 'disk' }, {}, NOW)
    const resolving = parseGenericPayload(
      { title: 'disk', end_time: '2026-11-27T11:00:00Z' },
      {},
      NOW,
    )
    const first = await alerts.record(1, firing, source())
    const resolved = await alerts.record(1, resolving, source())
    expect(resolved).toMatchObject({
      kind: 'resolved',
      alert: { status: 'resolved', endedAt: new Date('2026-11-27T11:00:00Z') },
    })
    expect(await alerts.record(1, resolving, source())).toEqual({ kind: 'unmatched' })
    const again = await alerts.record(1, firing, source())
    expect(again.kind).toBe('created')
    if (first.kind === 'unmatched' || again.kind === 'unmatched') throw new Error('unexpected')
    expect(again.alert.iid).not.toBe(first.alert.iid)
  })

  it('lists with filters and sorts, and refuses reopening a duplicate', async () => {
    const { alerts: listed, total } = await alerts.list(
      { projectId: 1, status: 'resolved', search: 'DIS' },
      { by: 'created_at', direction: 'desc' },
      { limit: 20, offset: 0 },
    )
    expect(total).toBe(1)
    expect(listed[0]?.title).toBe('disk')
    expect(await alerts.update(1, listed[0]!.iid, { status: 'triggered', endedAt: null })).toBe(
      'duplicate',
    )
    const acked = await alerts.update(1, 1, { status: 'acknowledged', assigneeIds: [5] })
    expect(acked).toMatchObject({ status: 'acknowledged', assigneeIds: [5] })
  })

  it('relays history rows once and marks them processed once', async () => {
    const events = new AlertEventsStore(db)
    const sent: number[] = []
    while (
      (await events.relayBatch(50, (batch) =>
        Promise.resolve(
          batch.map((e) => {
            sent.push(e.id)
            return e.id
          }),
        ),
      )) > 0
    ) {
      // drain
    }
    expect(new Set(sent).size).toBe(sent.length)
    expect(sent.length).toBeGreaterThanOrEqual(100)
    expect(await events.markProcessed(sent[0]!)).toBeDefined()
    expect(await events.markProcessed(sent[0]!)).toBeUndefined()
  })

  it('keeps one prometheus integration per project and the key sealed', async () => {
    const prometheus = {
      projectId: 1,
      name: 'Prometheus',
      type: 'prometheus' as const,
      active: true,
      token: 'b'.repeat(32),
      payloadAttributeMappings: {},
    }
    expect(
      await integrations.create({ ...prometheus, endpointIdentifier: '1111111111111111' }),
    ).toBeDefined()
    expect(
      await integrations.create({ ...prometheus, endpointIdentifier: '2222222222222222' }),
    ).toBeUndefined()
    const rows = await sql<{
      row: string
    }>`select t::text as row from alert_management_http_integrations t`.execute(db)
    expect(rows.rows.map((r) => r.row).join('\n')).not.toContain('a'.repeat(32))
    expect((await integrations.findPrometheus(1))?.token).toBe('b'.repeat(32))
  })
})
