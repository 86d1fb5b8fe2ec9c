/**
 * A note's body as GitLab stores it. Notes::CreateService and
 * Notes::UpdateService pass every note on an issue, a merge request or a
 * commit through the quick-actions extractor, which deletes each `\r` and
 * strips the whole body's end (Ruby's rstrip), before saving: a multipart
 * client's `\r\n` is stored and answered as `\n`, and trailing whitespace of
 * inner lines (a Markdown hard break) stays. The Note is validated before
 * that (presence and Gitlab::Database::MAX_TEXT_SIZE_LIMIT), so the length
 * limit applies to the body as posted.
 */
import { InvalidError } from '@suite/runtime'

/** Gitlab::Database::MAX_TEXT_SIZE_LIMIT, Notes::ActiveRecord's limit on `note`. */
export const MAX_NOTE_LENGTH = 1_000_000

/** What Ruby's String#rstrip removes: NUL, tab, LF, VT, FF, CR and space (no Unicode spaces). */
const RSTRIPPED = new Set(['\0', '\t', '\n', '\v', '\f', '\r', ' '])

function blank(): InvalidError {
  return new InvalidError({ note: ["can't be blank"] })
}

/** Note's validations on the posted body: present, at most MAX_NOTE_LENGTH characters. */
export function checkNoteBody(body: string): void {
  if (body.trim() === '') throw blank()
  if (body.length > MAX_NOTE_LENGTH) {
    throw new InvalidError({ note: [`is too long (maximum is ${MAX_NOTE_LENGTH} characters)`] })
  }
}

/** The extractor's normalisation: every `\r` deleted, then the end stripped (linear time). */
export function normaliseNoteBody(body: string): string {
  const withoutReturns = body.replaceAll('\r', '')
  let end = withoutReturns.length
  while (end > 0 && RSTRIPPED.has(withoutReturns[end - 1]!)) end -= 1
  return withoutReturns.slice(0, end)
}

/**
 * The body to save: the posted one validated, then normalised. One that
 * normalises to nothing (NUL characters only) is not saved, and Note's
 * presence validation answers for it.
 */
export function noteBodyToSave(posted: string): string {
  checkNoteBody(posted)
  const body = normaliseNoteBody(posted)
  if (body === '') throw blank()
  return body
}
