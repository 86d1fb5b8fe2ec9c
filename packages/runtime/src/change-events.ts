import { sql, type Kysely } from 'kysely'
import type { Redis } from 'ioredis'
import pg from 'pg'
import type { Logger } from './logger.js'
import { queuePrefix } from './queues.js'
import type { Tagged, TaggedCache } from './tagged-cache.js'

/**
 * Change events: what a committed write changed, as tags that readers' caches
 * depend on. `p:<project id>` is anything in or about a project (its settings,
 * members, merge requests, labels, events, pipelines, repository), `u:<user
 * id>` a user's own attributes, and `*` anything else (groups, member roles,
 * instance settings), which empties every cache.
 *
 * Each service's schema announces its own writes: statement-level triggers
 * call pg_notify on commit, so no code path that writes (API, worker, sweeper,
 * a migration) can forget to. Every process of the service forwards its
 * schema's notifications to one Redis channel, which the gateways read.
 */
export type ChangeTag = `p:${number}` | `u:${number}` | '*'

export const FLUSH_ALL: ChangeTag = '*'

export interface ChangeMessage {
  tags: readonly string[]
  /** The user whose write it was, when a gateway published it (sticky reads). */
  actor?: number
}

/** The Redis channel of change events, under the suite's queue prefix. */
export function changesChannel(): string {
  return `${queuePrefix()}:changes`
}

/** The PostgreSQL notification channel of one schema's triggers. */
export function schemaChangesChannel(schema: string): string {
  // PostgreSQL's identifier limit, as the trigger cuts it too.
  return `changes_${schema}`.slice(0, 63)
}

export function encodeChange(message: ChangeMessage): string {
  return JSON.stringify(message)
}

/** A message off the channel; anything unreadable counts as a flush, never as nothing. */
export function decodeChange(text: string): ChangeMessage {
  try {
    const value = JSON.parse(text) as { tags?: unknown; actor?: unknown }
    const tags = Array.isArray(value.tags)
      ? value.tags.filter((tag): tag is string => typeof tag === 'string')
      : []
    const actor = typeof value.actor === 'number' ? value.actor : undefined
    return tags.length > 0 ? { tags, actor } : { tags: [FLUSH_ALL], actor }
  } catch {
    return { tags: [FLUSH_ALL] }
  }
}

/** How one table's changed rows name their tags, for installChangeTriggersV1. */
export interface ChangeTriggerSpec {
  table: string
  /** SQL over the changed row `r` (and what `join` adds) giving each row's tags, comma-separated. */
  tag: string
  /**
   * Joins that `tag` needs, e.g. the parent row for a child table without the
   * project id; `{schema}` stands for the schema, quoted, since writers' search
   * paths differ.
   */
  join?: string
  /** The statements that announce a change; all three unless said (a new row may change nothing held). */
  events?: readonly ('INSERT' | 'UPDATE' | 'DELETE')[]
}

/**
 * Installs statement-level triggers on `specs`' tables of the current schema
 * (the migrating service's) that notify schemaChangesChannel(schema) with the
 * distinct tags of the rows a statement inserted, updated or deleted.
 * Versioned: migrations call this version forever; a changed function body
 * gets a new version.
 */
export async function installChangeTriggersV1(
  db: Kysely<unknown>,
  specs: readonly ChangeTriggerSpec[],
): Promise<void> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new Error('no current schema to install change triggers in')
  // Payloads above PostgreSQL's 8000-byte limit fall back to a flush.
  await sql`
    CREATE OR REPLACE FUNCTION ${sql.id(schema, 'notify_changes')}() RETURNS trigger
    LANGUAGE plpgsql AS $fn$
    DECLARE payload text;
    BEGIN
      EXECUTE format(
        'SELECT string_agg(DISTINCT tag, '','') FROM (SELECT %s AS tag FROM changed_rows r %s) t',
        TG_ARGV[0], coalesce(TG_ARGV[1], '')) INTO payload;
      IF payload IS NOT NULL THEN
        IF octet_length(payload) > 7000 THEN payload := '*'; END IF;
        PERFORM pg_notify(left('changes_' || TG_TABLE_SCHEMA, 63), payload);
      END IF;
      RETURN NULL;
    END
    $fn$`.execute(db)
  for (const spec of specs) {
    const join = (spec.join ?? '').replaceAll('{schema}', `"${schema.replaceAll('"', '""')}"`)
    const args = [spec.tag, join].map((arg) => `'${arg.replaceAll("'", "''")}'`)
    for (const [event, transition] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      if (spec.events && !spec.events.includes(event)) continue
      const name = `${spec.table}_changes_${event.toLowerCase()}`
      await sql`
        CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(event)} ON ${sql.id(schema, spec.table)}
        REFERENCING ${sql.raw(transition)} TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(schema, 'notify_changes')}(${sql.raw(args.join(', '))})`.execute(
        db,
      )
    }
  }
}

export interface ChangeForwarderOptions {
  databaseUrl: string
  schema: string
  redis: Redis
  logger: Logger
  /** Backoff between reconnection attempts; grows to 5 s. */
  retryMs?: number
}

/**
 * Forwards the schema's change notifications to the Redis channel while the
 * process runs. Each (re)connection first publishes a flush: notifications
 * sent while nobody listened are gone, so every cache must start over.
 * Returns what stops it.
 */
export function startChangeForwarder(options: ChangeForwarderOptions): () => Promise<void> {
  const { redis, logger } = options
  const channel = changesChannel()
  let client: pg.Client | undefined
  let stopped = false
  let failures = 0

  const publish = (message: ChangeMessage) => {
    redis.publish(channel, encodeChange(message)).catch((err: unknown) => {
      logger.warn({ err }, 'change event not published')
    })
  }

  const connect = async (): Promise<void> => {
    if (stopped) return
    const next = new pg.Client({ connectionString: options.databaseUrl })
    client = next
    next.on('notification', (notification) => {
      publish({ tags: (notification.payload ?? FLUSH_ALL).split(',') })
    })
    next.on('error', (err) => logger.warn({ err }, 'change listener connection failed'))
    next.on('end', () => {
      if (stopped || client !== next) return
      reconnectLater()
    })
    try {
      await next.connect()
      await next.query(`LISTEN "${schemaChangesChannel(options.schema)}"`)
      failures = 0
      publish({ tags: [FLUSH_ALL] })
    } catch (err) {
      logger.warn({ err }, 'change listener could not connect')
      await next.end().catch(() => undefined)
      if (client === next) reconnectLater()
    }
  }

  let timer: NodeJS.Timeout | undefined
  const reconnectLater = () => {
    if (stopped || timer) return
    failures += 1
    const delay = Math.min(5_000, (options.retryMs ?? 200) * 2 ** Math.min(failures, 5))
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    timer.unref()
  }

  void connect()
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await client?.end().catch(() => undefined)
  }
}

export interface ChangeSubscription {
  /** A connection of its own: a subscribed Redis connection serves nothing else. */
  subscriber: Redis
  logger: Logger
  onChange: (message: ChangeMessage) => void
  /**
   * True once the subscription stands (again), false when the connection
   * drops: events sent meanwhile are lost, so caches must start over both times.
   */
  onListening: (listening: boolean) => void
}

/** Subscribes to the change channel for as long as the connection lives, resubscribing after each reconnection. */
export function subscribeToChanges(subscription: ChangeSubscription): void {
  const { subscriber, logger, onChange, onListening } = subscription
  const channel = changesChannel()
  const subscribe = () => {
    subscriber.subscribe(channel).then(
      () => onListening(true),
      (err: unknown) => logger.warn({ err }, 'change channel subscription failed'),
    )
  }
  subscriber.on('message', (received: string, text: string) => {
    if (received === channel) onChange(decodeChange(text))
  })
  subscriber.on('ready', subscribe)
  subscriber.on('close', () => onListening(false))
  if (subscriber.status === 'ready') subscribe()
}

/** A change event applied to read caches: what it names goes, and its writer turns sticky. */
export function applyChange(message: ChangeMessage, caches: readonly TaggedCache<Tagged>[]): void {
  for (const cache of caches) {
    cache.invalidate(message.tags)
    if (message.actor !== undefined) cache.markWriter(message.actor)
  }
}

/**
 * Keeps `caches` current for as long as `subscriber` lives: each change event
 * applies to all of them (then to `also`), and they are on only while the
 * subscription stands.
 */
export function keepCachesCurrent(options: {
  subscriber: Redis
  logger: Logger
  caches: readonly TaggedCache<Tagged>[]
  also?: (message: ChangeMessage) => void
}): void {
  const { caches, also } = options
  subscribeToChanges({
    subscriber: options.subscriber,
    logger: options.logger,
    onChange: (message) => {
      applyChange(message, caches)
      also?.(message)
    },
    onListening: (listening) => {
      for (const cache of caches) cache.setListening(listening)
    },
  })
}
