import {
  SourceType,
  type Caller as CallerMessage,
  type GroupRef,
  type MemberSource,
  type PageRequest as PageMessage,
  type ProjectAbilities,
  type UserAttributes as UserAttributesMessage,
} from '@suite/proto'
import { InvalidError } from '@suite/runtime'
import { ANONYMOUS, type Caller, type ProjectMemberAbilities } from '../domain/caller.js'
import type { SourceRef } from '../domain/member.js'
import type { NamespaceRef } from '../domain/namespace.js'
import type { PageRequest } from '@suite/runtime'
import type { UserAttributes } from '../domain/user.js'

/** The projects service's abilities as identity's member rules use them. */
function toProjectMemberAbilities(
  abilities: ProjectAbilities | undefined,
): ProjectMemberAbilities | undefined {
  if (!abilities) return undefined
  return {
    projectId: abilities.projectId,
    readProject: abilities.readProject,
    readProjectMember: abilities.readProjectMember,
    adminProjectMember: abilities.adminProjectMember,
    manageOwners: abilities.manageOwners,
  }
}

/**
 * The caller as the domain sees it. Caller.group is not read: identity
 * decides group abilities itself (GroupPolicy).
 */
export function toCaller(message: CallerMessage | undefined): Caller {
  if (!message) return ANONYMOUS
  return {
    userId: message.userId !== undefined && message.userId > 0 ? message.userId : undefined,
    admin: message.admin,
    scopes: message.scopes,
    project: toProjectMemberAbilities(message.project),
  }
}

export function toPage(message: PageMessage | undefined): PageRequest | undefined {
  return message ? { page: message.page, perPage: message.perPage } : undefined
}

/** GroupRef and GetNamespaceRequest's oneof: an id or a full path. */
export function toNamespaceRef(ref: GroupRef | undefined): NamespaceRef {
  if (ref?.id !== undefined) return { id: ref.id }
  if (ref?.fullPath !== undefined && ref.fullPath !== '') return { fullPath: ref.fullPath }
  throw new InvalidError({ id: ["can't be blank"] })
}

export function toSourceRef(source: MemberSource | undefined): SourceRef {
  if (source?.type === SourceType.SOURCE_TYPE_GROUP) return { type: 'group', id: source.id }
  if (source?.type === SourceType.SOURCE_TYPE_PROJECT) {
    return { type: 'project', id: source.id, namespaceId: source.namespaceId }
  }
  throw new InvalidError({ source: ['is invalid'] })
}

export function toUserAttributes(message: UserAttributesMessage | undefined): UserAttributes {
  return { ...message }
}

/** An optional proto string where '' means absent. */
export function presentString(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}
