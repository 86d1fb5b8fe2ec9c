import type { PromiseClient } from '@suite/runtime'

/** A client answering from plain functions; a method not given fails loudly. */
export function fakeClient<C>(
  service: string,
  handlers: Partial<PromiseClient<C>> = {},
): PromiseClient<C> {
  return new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call ${service}.${String(method)}`))),
  }) as unknown as PromiseClient<C>
}

type ServiceKeys<T> = {
  [K in keyof T]: T[K] extends { read: object; write: object } ? K : never
}[keyof T]

/** What a test may provide: some methods of some services, by the clients' names. */
export type FakeHandlers<T> = {
  [K in ServiceKeys<T>]?: T[K] extends { read: infer P } ? Partial<P> : never
}

/**
 * A package's clients (IdentityClients, MergeRequestsClients, ...) answering
 * from plain functions: any service the shape names, by generated or route
 * name, reads and writes through the methods the test gave for that name; any
 * other method fails loudly. A service or RPC added to the package needs no
 * entry here.
 */
export function fakeServiceClients<T extends { close: () => void }>(
  handlers: FakeHandlers<T> = {},
): T {
  const built = new Map<string, { read: unknown; write: unknown }>()
  const given = handlers as Record<string, Partial<PromiseClient<unknown>> | undefined>
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (key === 'close') return () => {}
      // Not a service: a symbol (inspection) or `then` (a thenable check).
      if (typeof key !== 'string' || key === 'then') return undefined
      let client = built.get(key)
      if (!client) {
        const both = fakeClient(key, given[key])
        client = { read: both, write: both }
        built.set(key, client)
      }
      return client
    },
  })
}
