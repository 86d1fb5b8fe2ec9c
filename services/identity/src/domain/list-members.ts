import { ForbiddenError, RecordNotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import type { Member, SourceRef } from './member.js'
import type { MemberFilter } from './member-query.js'
import { resolveVisibleSource, type ResolvedSource } from './member-source.js'
import { pageWindow, type PageRequest } from '@suite/runtime'
import type { User } from './user.js'

export interface MembersPage {
  members: Member[]
  users: Map<number, User>
  total: number
}

export interface ListMembersInput {
  source: SourceRef
  inherited: boolean
  query?: string | undefined
  userIds: readonly number[]
  page?: PageRequest | undefined
}

async function readableSource(
  stores: Stores,
  caller: Caller,
  ref: SourceRef,
): Promise<ResolvedSource> {
  const { source, abilities } = await resolveVisibleSource(stores, caller, ref)
  // A readable source whose members the caller may not see is a 403 (a
  // private group's members are for those with access to it).
  if (!abilities.read) throw new ForbiddenError()
  return source
}

async function withUsers(stores: Stores, members: Member[]): Promise<Map<number, User>> {
  const users = await stores.users.findByIds(members.map((member) => member.userId))
  return new Map(users.map((user) => [user.id, user]))
}

/** GET /:source/:id/members and /members/all. */
export async function listMembers(
  stores: Stores,
  caller: Caller,
  input: ListMembersInput,
): Promise<MembersPage> {
  const source = await readableSource(stores, caller, input.source)
  const filter: MemberFilter = { query: input.query || undefined, userIds: input.userIds }
  const window = pageWindow(input.page)
  const { members, total } = input.inherited
    ? await stores.members.listInherited(source.scope, filter, window)
    : await stores.members.listDirect(source.sourceType, source.sourceId, filter, window)
  return { members, users: await withUsers(stores, members), total }
}

/** GET /:source/:id/members/(all/):user_id; 404 Member when there is none. */
export async function getMember(
  stores: Stores,
  caller: Caller,
  input: { source: SourceRef; userId: number; inherited: boolean },
): Promise<{ member: Member; user: User }> {
  const source = await readableSource(stores, caller, input.source)
  const filter: MemberFilter = { userIds: [input.userId] }
  const window = { limit: 1, offset: 0 }
  const found = input.inherited
    ? (await stores.members.listInherited(source.scope, filter, window)).members[0]
    : await stores.members.findDirect(source.sourceType, source.sourceId, input.userId)
  const user = found ? await stores.users.findById(found.userId) : undefined
  if (!found || !user) throw new RecordNotFoundError()
  return { member: found, user }
}
