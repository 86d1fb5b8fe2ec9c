import { sql, type QueryExecutorProvider } from 'kysely'
import { Gauge, type Registry } from './metrics.js'

/** An outbox table whose lag a relay's process reports. */
export interface OutboxLagSource {
  registry: Registry
  /** The service's database (its schema holds `table`). */
  db: QueryExecutorProvider
  table: string
}

interface Watched {
  db: QueryExecutorProvider
  table: string
}

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/
/** A scrape must not wait on a database that does not answer. */
const QUERY_TIMEOUT_MS = 1_000

const watchedOf = new WeakMap<Registry, Watched[]>()

async function oldestAgeSeconds({ db, table }: Watched): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('outbox lag query timed out')), QUERY_TIMEOUT_MS)
  })
  const query = sql<{ age: string | number | null }>`select
      extract(epoch from now() - min(created_at)) as age from ${sql.table(table)}`.execute(db)
  try {
    const { rows } = await Promise.race([query, timeout])
    return Math.max(0, Number(rows[0]?.age ?? 0))
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Reports `outbox_oldest_pending_age_seconds{outbox}`, the age of the oldest
 * row no relay has queued yet (0 for an empty outbox), read at each scrape so
 * that it grows while Redis is down and the relay is idle. A table whose
 * query fails is left out of that scrape rather than failing /metrics.
 */
export function watchOutboxLag(source: OutboxLagSource): void {
  if (!TABLE_NAME.test(source.table)) throw new Error(`bad outbox table name ${source.table}`)
  let watched = watchedOf.get(source.registry)
  if (!watched) {
    const list: Watched[] = []
    watched = list
    watchedOf.set(source.registry, list)
    new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest outbox row not yet queued, by outbox table',
      labelNames: ['outbox'],
      registers: [source.registry],
      async collect() {
        this.reset()
        const ages = await Promise.allSettled(list.map((one) => oldestAgeSeconds(one)))
        ages.forEach((age, index) => {
          const table = list[index]?.table
          if (table && age.status === 'fulfilled') this.set({ outbox: table }, age.value)
        })
      },
    })
  }
  if (!watched.some((one) => one.table === source.table)) {
    watched.push({ db: source.db, table: source.table })
  }
}
