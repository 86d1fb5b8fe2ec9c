import type {
  HookServiceClient,
  ProjectServiceClient,
  ProtectedBranchServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { ProjectsClients } from '../clients/projects.client.js'

/** Projects clients answering from plain functions; a method not given fails loudly. */
export function fakeProjects(
  handlers: Partial<PromiseClient<ProjectServiceClient>> = {},
): ProjectsClients {
  const client = new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call projects.${String(method)}`))),
  }) as unknown as PromiseClient<ProjectServiceClient>
  const hooks = new Proxy(
    {},
    {
      get: (_target, method) => () =>
        Promise.reject(new Error(`unexpected call hooks.${String(method)}`)),
    },
  ) as unknown as PromiseClient<HookServiceClient>
  const protectedBranches = new Proxy(
    {},
    {
      get: (_target, method) => () =>
        Promise.reject(new Error(`unexpected call protectedBranches.${String(method)}`)),
    },
  ) as unknown as PromiseClient<ProtectedBranchServiceClient>
  return {
    projects: { read: client, write: client },
    hooks: { read: hooks, write: hooks },
    protectedBranches: { read: protectedBranches, write: protectedBranches },
    close: () => {},
  }
}
