/**
 * GitLab's draft title prefixes (Gitlab::Regex.merge_request_draft, with the
 * older "Draft - " form): "Draft:", "[Draft]", "(Draft)", "Draft - ", in any case.
 */
const DRAFT_PREFIX = /^\s*(\[draft\]|\(draft\)|draft:|draft\s-\s)\s*/i

/** Whether the title marks a draft (the `draft` / `work_in_progress` fields). */
export function isDraftTitle(title: string): boolean {
  return DRAFT_PREFIX.test(title)
}

/** MergeRequest.draftless_title: the title without its draft prefix. */
export function draftlessTitle(title: string): string {
  return title.replace(DRAFT_PREFIX, '')
}
