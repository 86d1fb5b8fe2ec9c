import { matchingRules, type ProtectedBranch } from '../../domain/protected-branch.js'
import { branchAccess, type ProtectedRefActor } from '../../domain/protected-branch-policy.js'

/** The environment variable that names the file with the push's rules for the pre-receive hook. */
export const PUSH_RULES_ENV = 'SUITE_PUSH_RULES'

/** What the pre-receive hook needs to judge one push: the pusher and the project's rules. */
export interface PushRules {
  actor: ProtectedRefActor
  rules: ProtectedBranch[]
}

/** One ref update as receive-pack hands it to pre-receive. */
export interface PushedRef {
  oldId: string
  newId: string
  ref: string
}

const MESSAGES = {
  forcePush: 'You are not allowed to force push code to a protected branch on this project.',
  push: 'You are not allowed to push code to protected branches on this project.',
  create: 'You are not allowed to create protected branches on this project.',
  deleteNotMaintainer:
    'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
  deleteNotWeb: 'You can only delete protected branches using the web interface.',
} as const

const BRANCH_PREFIX = 'refs/heads/'

function isZero(id: string): boolean {
  return /^0+$/.test(id)
}

/**
 * Gitlab::Checks::BranchCheck#protected_branch_checks for one ref: nothing for
 * tags or unprotected branches; a protected branch is never deleted by git
 * push, a force push needs a rule that allows it, then pushing needs the
 * push level. `isForced` is asked only for updates of protected branches.
 * The answer is GitLab's message, or undefined when the update may go.
 */
export async function refusalFor(
  push: PushRules,
  update: PushedRef,
  isForced: (oldId: string, newId: string) => Promise<boolean>,
): Promise<string | undefined> {
  if (!update.ref.startsWith(BRANCH_PREFIX)) return undefined
  const branch = update.ref.slice(BRANCH_PREFIX.length)
  const matching = matchingRules(push.rules, branch)
  if (matching.length === 0) return undefined
  const access = branchAccess(matching, branch, push.actor)
  if (isZero(update.newId)) {
    return access.canDelete ? MESSAGES.deleteNotWeb : MESSAGES.deleteNotMaintainer
  }
  if (isZero(update.oldId)) return access.canPush ? undefined : MESSAGES.create
  const forced = await isForced(update.oldId, update.newId)
  if (forced && !matching.some((rule) => rule.allowForcePush)) return MESSAGES.forcePush
  return access.canPush ? undefined : MESSAGES.push
}
