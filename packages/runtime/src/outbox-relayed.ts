import { Counter, type Registry } from './metrics.js'

const counterOf = new WeakMap<Registry, Counter<'outbox'>>()

/**
 * Counts `outbox_messages_relayed_total{outbox}`: rows this process queued and
 * deleted, after their transaction committed. Summed over every process that
 * relays an outbox it is the number of messages moved to the queue, so a row
 * two replicas both relayed would show as counted twice (the once-only test
 * reads it from each process). Returns the function that counts a batch.
 */
export function countRelayed(registry: Registry, table: string): (rows: number) => void {
  let counter = counterOf.get(registry)
  if (!counter) {
    counter = new Counter({
      name: 'outbox_messages_relayed_total',
      help: 'Outbox rows this process queued and deleted, by outbox table',
      labelNames: ['outbox'],
      registers: [registry],
    })
    counterOf.set(registry, counter)
  }
  const relayed = counter
  relayed.inc({ outbox: table }, 0)
  return (rows) => {
    if (rows > 0) relayed.inc({ outbox: table }, rows)
  }
}
