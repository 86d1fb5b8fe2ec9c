import type {
  RepositoryContentServiceClient,
  RepositoryServiceClient,
  SmartHttpServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { RepositoryClients } from '../clients/repository.client.js'

/** The repository role's clients answering from plain functions; a method not given fails loudly. */
export function fakeRepository(
  handlers: Partial<PromiseClient<RepositoryServiceClient>> = {},
): RepositoryClients {
  const client = new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call repository.${String(method)}`))),
  }) as unknown as PromiseClient<RepositoryServiceClient>
  const unexpected = new Proxy(
    {},
    {
      get: (_target, method) => () => {
        throw new Error(`unexpected call ${String(method)}`)
      },
    },
  )
  return {
    repository: { read: client, write: client },
    smartHttp: unexpected as PromiseClient<SmartHttpServiceClient>,
    smartHttpRaw: unexpected as SmartHttpServiceClient,
    content: unexpected as PromiseClient<RepositoryContentServiceClient>,
    contentRaw: unexpected as RepositoryContentServiceClient,
    close: () => {},
  }
}
