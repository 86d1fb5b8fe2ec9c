import { p } from './coercions.js'
import {
  dateTime,
  idsNoneAny,
  intNoneAny,
  namesNoneAny,
  passthrough,
  singleAssigneeUsername,
} from './merge-request-values.js'
import type { ParamRule } from './parse-params.js'

/** Values of `scope` (lib/api/helpers/merge_requests_helpers.rb); dashes read as underscores. */
export const MERGE_REQUEST_SCOPES = [
  'created-by-me',
  'assigned-to-me',
  'created_by_me',
  'assigned_to_me',
  'reviews_for_me',
  'all',
]

/** The filters `not[...]` can negate (merge_requests_negatable_params plus reviewer_id). */
export const negatableParams = {
  author_id: p.int(),
  author_username: p.string(),
  assignee_id: intNoneAny(),
  assignee_username: singleAssigneeUsername(),
  reviewer_id: p.int(),
  reviewer_username: p.string(),
  labels: p.array(p.string(), { commaSeparated: true }),
  milestone: p.string(),
  my_reaction_emoji: p.string(),
}

/** The parameters of every merge request list (G, P and R), in Grape's order. */
const commonListParams = {
  approved_by_ids: idsNoneAny(),
  approver_ids: idsNoneAny(),
  ...negatableParams,
  reviewer_id: intNoneAny(),
  state: p.string().values(['opened', 'closed', 'locked', 'merged', 'all']).default('all'),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  with_labels_details: p.bool().default(false),
  with_merge_status_recheck: p.bool().default(false),
  created_after: dateTime(),
  created_before: dateTime(),
  updated_after: dateTime(),
  updated_before: dateTime(),
  view: p.string().values(['simple']),
  source_branch: p.string(),
  target_branch: p.string(),
  search: p.string(),
  in: p.string(),
  not: passthrough(),
  merge_user_id: p.int(),
  merge_user_username: p.string(),
}

const PROJECT_ORDER = ['created_at', 'title', 'updated_at']

/** GET /merge_requests (G). */
export const globalListParams = {
  ...commonListParams,
  scope: p.string().values(MERGE_REQUEST_SCOPES).default('created_by_me'),
  order_by: p
    .string()
    .values([...PROJECT_ORDER, 'merged_at'])
    .default('created_at'),
  wip: p.string().values(['yes', 'no']),
  deployed_after: dateTime(),
  deployed_before: dateTime(),
  environment: p.string(),
}

/** GET /projects/:id/merge_requests (P). */
export const projectListParams = {
  id: p.string().required(),
  ...commonListParams,
  scope: p.string().values(MERGE_REQUEST_SCOPES),
  order_by: p.string().values(PROJECT_ORDER).default('created_at'),
  iids: p.array(p.iid()),
  wip: p.string().values(['yes', 'no']),
  environment: p.string(),
}

/** GET /groups/:id/merge_requests (R). */
export const groupListParams = {
  id: p.string().required(),
  ...commonListParams,
  approved_by_usernames: namesNoneAny(),
  scope: p.string().values(MERGE_REQUEST_SCOPES),
  order_by: p.string().values(PROJECT_ORDER).default('created_at'),
  non_archived: p.bool().default(true),
}

/** Pairs a list may not combine: `a, b are mutually exclusive`. */
export const EXCLUSIVE_PAIRS = [
  ['author_id', 'author_username'],
  ['assignee_id', 'assignee_username'],
  ['reviewer_id', 'reviewer_username'],
  ['merge_user_id', 'merge_user_username'],
] as const

/** Grape's mutually_exclusive checks, each right after its second parameter. */
export const listRules: ParamRule[] = EXCLUSIVE_PAIRS.map(([first, second]) => ({
  kind: 'mutually_exclusive' as const,
  names: [first, second],
  after: second,
}))

/** The group list also takes approved_by_usernames, exclusive with approved_by_ids. */
export const groupListRules: ParamRule[] = [
  ...listRules,
  { kind: 'mutually_exclusive', names: ['approved_by_ids', 'approved_by_usernames'] },
]
