import type { UserStatus } from '@suite/proto'
import { escapeHtml } from './markdown-html.js'
import { isoTime } from './present-context.js'

/** API::Entities::UserStatus; every field null (message_html empty) without a status. */
export interface UserStatusJson {
  emoji: string | null
  message: string | null
  availability: string | null
  message_html: string
  clear_status_at: string | null
}

/**
 * GitLab renders the message with its emoji pipeline (no paragraphs): here the
 * message HTML-escaped, with `:name:` emoji left as text.
 */
export function presentUserStatus(answer: { status?: UserStatus | undefined }): UserStatusJson {
  const { status } = answer
  return {
    emoji: status?.emoji ?? null,
    message: status?.message ?? null,
    availability: status?.availability ?? null,
    message_html: escapeHtml(status?.message ?? ''),
    clear_status_at: isoTime(status?.clearStatusAt),
  }
}
