import { status } from '@grpc/grpc-js'
import {
  GroupServiceClient,
  MemberServiceClient,
  SourceType,
  UserServiceClient,
  type Caller as CallerMessage,
  type Namespace,
} from '@suite/proto'
import { createClient, isServiceError, type Registry, visibilityName } from '@suite/runtime'
import type { HookUser } from '../domain/hook-attrs.js'
import type { Caller } from '../domain/caller.js'
import type { Memberships } from '../domain/project-grant.js'
import type { Grant } from '../domain/project.js'
import type { IdentityPort, NamespaceForCreate } from '../domain/ports.js'

function callerMessage(caller: Caller): CallerMessage {
  return {
    userId: caller.userId,
    admin: caller.admin,
    scopes: [...(caller.scopes ?? [])],
    project: undefined,
    group: undefined,
  }
}

/** The system acting on its own behalf (as `actorId`): creating a project adds its creator. */
function systemCaller(actorId: number): CallerMessage {
  return callerMessage({ userId: actorId, admin: true })
}

/** Two memberships of one source (should identity answer both): the stronger, permissions merged. */
function merged(held: Grant | undefined, grant: Grant): Grant {
  if (!held) return grant
  return {
    level: Math.max(held.level, grant.level),
    permissions: [...new Set([...held.permissions, ...grant.permissions])],
  }
}

/** undefined for NOT_FOUND, the answer otherwise. */
async function unlessNotFound<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call()
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) return undefined
    throw error
  }
}

/** The identity service as the projects domain needs it. */
export function createIdentityPort(
  address: string,
  registry: Registry,
  internalSecret: string,
): IdentityPort & {
  contact: (userId: number) => Promise<{ name: string; email: string } | undefined>
  hookUser: (userId: number) => Promise<HookUser | undefined>
  close: () => void
} {
  const users = createClient(UserServiceClient, { address, registry, internalSecret, retries: 2 })
  const groups = createClient(GroupServiceClient, { address, registry, internalSecret, retries: 2 })
  const membersRead = createClient(MemberServiceClient, {
    address,
    registry,
    internalSecret,
    retries: 2,
  })
  const membersWrite = createClient(MemberServiceClient, { address, registry, internalSecret })

  async function describe(
    caller: Caller,
    namespace: Namespace,
    level: number,
  ): Promise<NamespaceForCreate | undefined> {
    if (namespace.kind !== 'group') {
      return {
        namespace: {
          id: namespace.id,
          fullPath: namespace.fullPath,
          fullName: namespace.name,
          kind: 'user',
          parentId: null,
          traversalIds: [],
          ownerId: namespace.ownerId ?? null,
        },
        visibility: 'public',
        mayCreateProjects: false,
        callerLevel: level,
      }
    }
    const answer = await unlessNotFound(() =>
      groups.rpc.getGroup({ caller: callerMessage(caller), group: { id: namespace.id } }),
    )
    const group = answer?.group
    if (!group) return undefined
    return {
      namespace: {
        id: group.id,
        fullPath: group.fullPath,
        fullName: group.fullName,
        kind: 'group',
        parentId: group.parentId ?? null,
        traversalIds: namespace.traversalIds,
        ownerId: null,
      },
      visibility: visibilityName(
        group.visibility === 'public' ? 20 : group.visibility === 'internal' ? 10 : 0,
      ),
      mayCreateProjects: group.abilities?.createProjects ?? false,
      callerLevel: group.callerAccessLevel,
    }
  }

  return {
    async memberships(userId: number): Promise<Memberships> {
      const { memberships } = await membersRead.rpc.listUserMemberships({ userId })
      const projects = new Map<number, Grant>()
      const groups = new Map<number, Grant>()
      for (const membership of memberships) {
        const into = membership.sourceType === SourceType.SOURCE_TYPE_PROJECT ? projects : groups
        const grant: Grant = {
          level: membership.accessLevel,
          permissions: membership.customPermissions,
        }
        into.set(membership.sourceId, merged(into.get(membership.sourceId), grant))
      }
      return { projects, groups }
    },

    async namespace(caller: Caller, id: number): Promise<NamespaceForCreate | undefined> {
      const answer = await unlessNotFound(() =>
        groups.rpc.getNamespace({ caller: callerMessage(caller), id }),
      )
      if (!answer?.namespace) return undefined
      return describe(caller, answer.namespace, answer.callerAccessLevel)
    },

    async namespaceByPath(caller: Caller, fullPath: string) {
      const answer = await unlessNotFound(() =>
        groups.rpc.getNamespace({ caller: callerMessage(caller), fullPath }),
      )
      if (!answer?.namespace) return undefined
      return describe(caller, answer.namespace, answer.callerAccessLevel)
    },

    async personalNamespace(
      caller: Caller,
      userId: number,
    ): Promise<NamespaceForCreate | undefined> {
      const { users: found } = await users.rpc.batchGetUsers({ ids: [userId] })
      const user = found[0]
      if (!user) return undefined
      const answer = await unlessNotFound(() =>
        groups.rpc.getNamespace({ caller: callerMessage(caller), fullPath: user.username }),
      )
      if (!answer?.namespace || answer.namespace.kind === 'group') return undefined
      return describe(caller, answer.namespace, answer.callerAccessLevel)
    },

    async projectsLimitOf(userId: number) {
      const { users: found } = await users.rpc.batchGetUsers({ ids: [userId] })
      const user = found[0]
      return user && { projectsLimit: user.projectsLimit, namespaceId: user.namespaceId }
    },

    async addProjectMember(actorId, projectId, namespaceId, userId, accessLevel): Promise<void> {
      await membersWrite.rpc.addMember({
        // The system acts: the creator's membership is part of creating the project.
        caller: systemCaller(actorId),
        source: { type: SourceType.SOURCE_TYPE_PROJECT, id: projectId, namespaceId },
        userId,
        accessLevel,
        expiresAt: undefined,
        memberRoleId: undefined,
      })
    },

    async removeProjectMember(actorId, projectId, userId): Promise<void> {
      await unlessNotFound(() =>
        membersWrite.rpc.removeMember({
          caller: systemCaller(actorId),
          // No namespace: identity would keep a personal namespace's owner as
          // Owner, and undoing a creation must remove that membership too.
          source: { type: SourceType.SOURCE_TYPE_PROJECT, id: projectId, namespaceId: undefined },
          userId,
        }),
      )
    },

    async contact(userId: number) {
      const { users: found } = await users.rpc.batchGetUsers({ ids: [userId] })
      const user = found[0]
      return user ? { name: user.name, email: user.email } : undefined
    },

    async hookUser(userId: number): Promise<HookUser | undefined> {
      const { users: found } = await users.rpc.batchGetUsers({ ids: [userId] })
      const user = found[0]
      return (
        user && {
          id: user.id,
          name: user.name,
          username: user.username,
          avatar_url: null,
          email: user.publicEmail || '[REDACTED]',
        }
      )
    },

    close: () => {
      for (const client of [users, groups, membersRead, membersWrite]) client.raw.close()
    },
  }
}
