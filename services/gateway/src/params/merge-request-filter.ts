import type { IdsMatch, MergeRequestFilter, NameMatch, UserMatch } from '@suite/proto'
import { badParameters } from '../errors/http-error.js'
import { negatableParams } from './merge-request-list.js'
import type { NoneAny } from './merge-request-values.js'
import type { ParamValues } from './parse-params.js'

type Negatable = ParamValues<typeof negatableParams>

/** What every list's parsed parameters have in common, as the filter reads them. */
export interface FilterParams extends Omit<Negatable, 'reviewer_id'> {
  approved_by_ids?: number[] | NoneAny | undefined
  approved_by_usernames?: string[] | NoneAny | undefined
  approver_ids?: number[] | NoneAny | undefined
  reviewer_id?: number | NoneAny | undefined
  created_after?: Date | undefined
  created_before?: Date | undefined
  updated_after?: Date | undefined
  updated_before?: Date | undefined
  deployed_after?: Date | undefined
  deployed_before?: Date | undefined
  environment?: string | undefined
  source_branch?: string | undefined
  target_branch?: string | undefined
  iids?: number[] | undefined
  wip?: string | undefined
  search?: string | undefined
  in?: string | undefined
  merge_user_id?: number | undefined
  merge_user_username?: string | undefined
}

function userMatch(
  id: number | NoneAny | undefined,
  username: string | undefined,
): UserMatch | undefined {
  if (id === undefined && username === undefined) return undefined
  // reviewer_username takes None/Any too (IssuableFinder compares it without case).
  const word = id ?? username?.toLowerCase()
  return {
    id: typeof id === 'number' ? id : undefined,
    username: typeof id === 'number' || word === 'none' || word === 'any' ? undefined : username,
    none: word === 'none',
    any: word === 'any',
  }
}

/** labels, milestone and my_reaction_emoji: None / Any (any case) or names. */
function nameMatch(names: readonly string[] | string | undefined): NameMatch | undefined {
  if (names === undefined) return undefined
  const list = (typeof names === 'string' ? [names] : names).map((name) => name.trim())
  const lower = list.map((name) => name.toLowerCase())
  if (lower.includes('none')) return { names: [], none: true, any: false }
  if (lower.includes('any')) return { names: [], none: false, any: true }
  return { names: list.filter((name) => name !== ''), none: false, any: false }
}

function idsMatch(
  ids: number[] | NoneAny | undefined,
  usernames?: string[] | NoneAny,
): IdsMatch | undefined {
  const value = ids ?? usernames
  if (value === undefined) return undefined
  if (value === 'none' || value === 'any') {
    return { ids: [], usernames: [], none: value === 'none', any: value === 'any' }
  }
  return {
    ids: ids === undefined ? [] : (ids as number[]),
    usernames: usernames === undefined ? [] : (usernames as string[]),
    none: false,
    any: false,
  }
}

function searchIn(value: string | undefined): string[] {
  if (value === undefined) return []
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part === 'title' || part === 'description')
}

/** The list parameters as MergeRequestFilter. */
export function mergeRequestFilter(params: FilterParams): MergeRequestFilter {
  const assigneeUsername = params.assignee_username?.[0]
  return {
    author: userMatch(params.author_id, params.author_username),
    assignee: userMatch(params.assignee_id, assigneeUsername),
    reviewer: userMatch(params.reviewer_id, params.reviewer_username),
    mergeUser: userMatch(params.merge_user_id, params.merge_user_username),
    approvedBy: idsMatch(params.approved_by_ids, params.approved_by_usernames),
    approver: idsMatch(params.approver_ids),
    labels: nameMatch(params.labels),
    milestone: nameMatch(params.milestone),
    myReactionEmoji: nameMatch(params.my_reaction_emoji),
    createdAfter: params.created_after,
    createdBefore: params.created_before,
    updatedAfter: params.updated_after,
    updatedBefore: params.updated_before,
    deployedAfter: params.deployed_after,
    deployedBefore: params.deployed_before,
    environment: params.environment,
    sourceBranch: params.source_branch,
    targetBranch: params.target_branch,
    iids: params.iids ?? [],
    draft: params.wip === undefined ? undefined : params.wip === 'yes',
    search: params.search,
    searchIn: searchIn(params.in),
  }
}

function isHash(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
}

const NEGATED_PAIRS = [
  ['author_id', 'author_username'],
  ['assignee_id', 'assignee_username'],
  ['reviewer_id', 'reviewer_username'],
] as const

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/**
 * The `not` hash: the negatable filters, validated as Grape names nested
 * parameters (`not is invalid` for a non-hash, `not[author_id] is invalid`,
 * `not[author_id], not[author_username] are mutually exclusive`). Absent: no
 * exclusions; unknown keys are dropped.
 */
export function notFilter(raw: unknown): MergeRequestFilter | undefined {
  if (isAbsent(raw)) return undefined
  if (!isHash(raw)) throw badParameters(['not is invalid'])
  const errors: string[] = []
  const values: Record<string, unknown> = {}
  for (const [name, param] of Object.entries(negatableParams)) {
    if (isAbsent(raw[name])) continue
    const result = param.read(raw[name])
    if (result.ok) values[name] = result.value
    else errors.push(`not[${name}] ${result.message}`)
  }
  for (const names of NEGATED_PAIRS) {
    if (names.every((name) => !isAbsent(raw[name]))) {
      errors.push(`${names.map((name) => `not[${name}]`).join(', ')} are mutually exclusive`)
    }
  }
  if (errors.length > 0) throw badParameters(errors)
  return mergeRequestFilter(values as Negatable)
}
