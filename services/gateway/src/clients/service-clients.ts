import type { Client } from '@grpc/grpc-js'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'

/**
 * A service's promise client twice: reads are retried on UNAVAILABLE, writes
 * never (a retried write could be applied twice). grpc-js shares the
 * connection between the two.
 */
export interface ReadWrite<C> {
  read: PromiseClient<C>
  write: PromiseClient<C>
}

/** A service of a generated per-package map (`IDENTITY_V1_SERVICES`): its client constructor. */
interface ServiceEntry {
  Client: abstract new (...args: never[]) => Client
}

/** A package's services by their generated names, each a read and a write client. */
export type ServiceClients<S extends Record<string, ServiceEntry>> = {
  readonly [K in keyof S]: ReadWrite<InstanceType<S[K]['Client']>>
}

export interface ServiceClientOptions<S> {
  address: string
  registry: Registry
  internalSecret: string
  /** Deadline of writes; the client default (5 s) without it. */
  writeDeadlineMs?: number
  /** A service whose writes wait longer (or shorter) than `writeDeadlineMs`. */
  writeDeadlines?: { readonly [K in keyof S]?: number }
}

const READ_RETRIES = 2

/**
 * The clients of every service of one proto package at one address, taken
 * from the generated list (`@suite/proto`'s `XXX_V1_SERVICES`), so that a
 * service added to the package has its clients without an edit here. Each is
 * built on first use; `close` closes those built.
 */
export function createServiceClients<S extends Record<string, ServiceEntry>>(
  services: S,
  options: ServiceClientOptions<S>,
): { clients: ServiceClients<S>; close: () => void } {
  const { address, registry, internalSecret } = options
  const raws: Client[] = []
  const built = new Map<keyof S, ReadWrite<unknown>>()
  function build(key: keyof S): ReadWrite<unknown> {
    const Ctor = services[key]?.Client as unknown as Parameters<typeof createClient<Client>>[0]
    const deadlineMs = options.writeDeadlines?.[key] ?? options.writeDeadlineMs
    const read = createClient(Ctor, { address, registry, internalSecret, retries: READ_RETRIES })
    const write = createClient(Ctor, {
      address,
      registry,
      internalSecret,
      ...(deadlineMs !== undefined && { deadlineMs }),
    })
    raws.push(read.raw, write.raw)
    return { read: read.rpc, write: write.rpc }
  }
  const clients = {} as ServiceClients<S>
  for (const key of Object.keys(services) as (keyof S)[]) {
    Object.defineProperty(clients, key, {
      enumerable: true,
      get: () => {
        let client = built.get(key)
        if (!client) {
          client = build(key)
          built.set(key, client)
        }
        return client
      },
    })
  }
  return { clients, close: () => raws.forEach((raw) => raw.close()) }
}

/**
 * The same clients under other names as well (the names the gateway's routes
 * used before the generated list): `{ users: 'UserService' }`.
 */
export function withNames<
  S extends Record<string, ServiceEntry>,
  const N extends Record<string, keyof S>,
>(
  clients: ServiceClients<S>,
  names: N,
): ServiceClients<S> & { readonly [A in keyof N]: ServiceClients<S>[N[A]] } {
  const named = Object.create(null) as Record<string, unknown>
  for (const key of Object.keys(clients)) {
    Object.defineProperty(named, key, { enumerable: true, get: () => clients[key as keyof S] })
  }
  for (const [alias, key] of Object.entries(names)) {
    Object.defineProperty(named, alias, { enumerable: true, get: () => clients[key] })
  }
  return named as ServiceClients<S> & { readonly [A in keyof N]: ServiceClients<S>[N[A]] }
}
