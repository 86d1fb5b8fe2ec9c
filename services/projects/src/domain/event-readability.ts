import type { AbilityScope, ListAbility } from './access-requirements.js'

/**
 * Event#visible_to_user?: every event needs read_project in its project, and
 * some kinds need more. The store turns each row of this table into SQL.
 */
export interface EventNeed {
  /** The ability the event's kind needs. */
  ability: Exclude<ListAbility, 'readProject'>
  /** The events of that kind: by stored action... */
  action?: string
  /** ...or by target type. */
  targetType?: string
}

export const EVENT_NEEDS: readonly EventNeed[] = [
  // push_action? (branch and tag pushes): download_code.
  { ability: 'readCode', action: 'pushed' },
  // merge_request?: read_merge_request.
  { ability: 'readMergeRequest', targetType: 'MergeRequest' },
  // issue?: read_issue (the merge requests service records no event of a
  // confidential issue, which read_issue alone could not hide).
  { ability: 'readIssue', targetType: 'Issue' },
]

/** Which events the caller may see, as the store evaluates it in SQL against each project. */
export interface EventVisibility {
  /** The caller's scope for each list ability. */
  scopes: Record<ListAbility, AbilityScope>
  /** scope=all: only the projects the caller is a member of. */
  membersOnly: boolean
}
