/**
 * GitLab's task list items (Taskable::ITEM_PATTERN): a list item (`-`, `+`,
 * `*`, `1.` or `1)`, optionally in a blockquote) whose first thing is a
 * checkbox followed by whitespace and some text.
 */
const ITEM = /^(?:>\s{0,4})*(?:\s*(?:[-+*]|\d+[.)]))+\s+(\[[xX]\]|\[\s\])(\s.+)/gm
const COMPLETE = /^\[[xX]\]$/

export interface TaskCounts {
  count: number
  completedCount: number
}

/** The task_completion_status of a description. */
export function countTasks(description: string): TaskCounts {
  let count = 0
  let completedCount = 0
  for (const match of description.matchAll(ITEM)) {
    count += 1
    if (COMPLETE.test(match[1] ?? '')) completedCount += 1
  }
  return { count, completedCount }
}
