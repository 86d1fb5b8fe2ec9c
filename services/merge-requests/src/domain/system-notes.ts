/**
 * System notes GitLab still writes as notes on a merge request
 * (SystemNoteService): a title change and the draft status it implies. State
 * changes (closed, reopened, merged) are resource state events in GitLab, not
 * notes, so the notes API does not list them and none is written here.
 */
import { charDiff, type CharChange } from './char-diff.js'
import { draftlessTitle, isDraftTitle } from './draft.js'
import type { MergeRequest } from './merge-request.js'
import type { Stores } from './ports.js'

/** The text with the changes of one side marked {-...-} or {+...+} (InlineDiffMarkdownMarker). */
function marked(changes: readonly CharChange[], side: 'delete' | 'insert'): string {
  const symbol = side === 'delete' ? '-' : '+'
  return changes
    .filter((change) => change.op === 'equal' || change.op === side)
    .map((change) => (change.op === 'equal' ? change.text : `{${symbol}${change.text}${symbol}}`))
    .join('')
}

/**
 * SystemNotes::IssuablesService#change_title: "changed title from **old** to
 * **new**" with the changed part marked {-deleted-} and {+added+}; an empty
 * old title is not marked (InlineDiff skips it).
 */
export function titleChangeBody(oldTitle: string, newTitle: string): string {
  if (oldTitle === '') return `changed title from **** to **${newTitle}**`
  const changes = charDiff(oldTitle, newTitle)
  return `changed title from **${marked(changes, 'delete')}** to **${marked(changes, 'insert')}**`
}

/**
 * MergeRequests::UpdateService#create_title_change_note: the draft status
 * note when the prefix came or went ("marked this merge request as
 * **draft**" / "**ready**"), then the title note when more than the prefix
 * changed.
 */
export function titleChangeNotes(oldTitle: string, newTitle: string): string[] {
  const bodies: string[] = []
  const wasDraft = isDraftTitle(oldTitle)
  const isDraft = isDraftTitle(newTitle)
  if (wasDraft !== isDraft) {
    bodies.push(`marked this merge request as **${isDraft ? 'draft' : 'ready'}**`)
  }
  if (draftlessTitle(oldTitle) !== draftlessTitle(newTitle)) {
    bodies.push(titleChangeBody(oldTitle, newTitle))
  }
  return bodies
}

/** Writes system notes on the request in the change's transaction (they count as no user note). */
export async function writeSystemNotes(
  tx: Pick<Stores, 'notes'>,
  mergeRequest: MergeRequest,
  authorId: number,
  bodies: readonly string[],
): Promise<void> {
  for (const body of bodies) {
    await tx.notes.insert({
      noteable: { type: 'MergeRequest', id: mergeRequest.id },
      projectId: mergeRequest.targetProjectId,
      authorId,
      body,
      system: true,
      internal: false,
      createdAt: null,
    })
  }
}
