/**
 * Turns the list request's filters into store conditions: usernames
 * become ids (one identity call per distinct username), the predefined words
 * None / Any / Upcoming / Started become their kinds.
 */
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type {
  IdsCondition,
  MergeRequestConditions,
  MilestoneCondition,
  NameCondition,
  UserCondition,
} from './list-conditions.js'
import type { IdsMatch, ListFilter, NameMatch, UserMatch } from './list-filter.js'

type UsernameLookup = (username: string) => Promise<number | undefined>

/** A lookup that asks identity once per distinct username. */
export function usernameLookup(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller | undefined,
): UsernameLookup {
  const cache = new Map<string, Promise<number | undefined>>()
  return (username) => {
    const key = username.toLowerCase()
    let found = cache.get(key)
    if (!found) {
      found = deps.ports.users.findUserIdByUsername(caller, username)
      cache.set(key, found)
    }
    return found
  }
}

async function userCondition(
  match: UserMatch | undefined,
  lookup: UsernameLookup,
): Promise<UserCondition | undefined> {
  if (!match) return undefined
  if (match.none) return { kind: 'none' }
  if (match.any) return { kind: 'any' }
  if (match.id !== undefined) return { kind: 'user', id: match.id }
  if (match.username !== undefined) {
    const id = await lookup(match.username)
    return id === undefined ? { kind: 'nobody' } : { kind: 'user', id }
  }
  return undefined
}

async function idsCondition(
  match: IdsMatch | undefined,
  lookup: UsernameLookup,
): Promise<IdsCondition | undefined> {
  if (!match) return undefined
  if (match.none) return { kind: 'none' }
  if (match.any) return { kind: 'any' }
  // An unknown username can never have approved: -1 is no user's id.
  const named = await Promise.all(match.usernames.map(async (name) => (await lookup(name)) ?? -1))
  const ids = [...match.ids, ...named]
  return ids.length === 0 ? undefined : { kind: 'ids', ids }
}

/** None / Any given as the only name, in any case, are the predefined words. */
function nameCondition(match: NameMatch | undefined): NameCondition | undefined {
  if (!match) return undefined
  const only = match.names.length === 1 ? match.names[0]?.toLowerCase() : undefined
  if (match.none || only === 'none') return { kind: 'none' }
  if (match.any || only === 'any') return { kind: 'any' }
  return match.names.length === 0 ? undefined : { kind: 'names', names: [...match.names] }
}

function milestoneCondition(match: NameMatch | undefined): MilestoneCondition | undefined {
  const only = match?.names.length === 1 ? match.names[0]?.toLowerCase() : undefined
  if (only === 'upcoming') return { kind: 'upcoming' }
  if (only === 'started') return { kind: 'started' }
  return nameCondition(match)
}

/** The store conditions of one filter (the filters or the `not` exclusions). */
export async function resolveConditions(
  filter: ListFilter | undefined,
  lookup: UsernameLookup,
): Promise<MergeRequestConditions> {
  if (!filter) return {}
  const [author, assignee, reviewer, mergeUser, approvedBy, approver] = await Promise.all([
    userCondition(filter.author, lookup),
    userCondition(filter.assignee, lookup),
    userCondition(filter.reviewer, lookup),
    userCondition(filter.mergeUser, lookup),
    idsCondition(filter.approvedBy, lookup),
    idsCondition(filter.approver, lookup),
  ])
  const searchIn = filter.searchIn.map((where) => where.trim().toLowerCase())
  return {
    author,
    assignee,
    reviewer,
    mergeUser,
    approvedBy,
    approver,
    labels: nameCondition(filter.labels),
    milestone: milestoneCondition(filter.milestone),
    myReactionEmoji: nameCondition(filter.myReactionEmoji),
    createdAfter: filter.createdAfter,
    createdBefore: filter.createdBefore,
    updatedAfter: filter.updatedAfter,
    updatedBefore: filter.updatedBefore,
    deployment:
      filter.environment !== undefined ||
      filter.deployedAfter !== undefined ||
      filter.deployedBefore !== undefined ||
      undefined,
    sourceBranch: filter.sourceBranch,
    targetBranch: filter.targetBranch,
    commitSha: filter.commitSha,
    iids: filter.iids.length > 0 ? [...filter.iids] : undefined,
    draft: filter.draft,
    search:
      filter.search !== undefined && filter.search !== ''
        ? {
            text: filter.search,
            inTitle: searchIn.length === 0 || searchIn.includes('title'),
            inDescription: searchIn.length === 0 || searchIn.includes('description'),
          }
        : undefined,
  }
}
