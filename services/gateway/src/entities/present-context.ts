import type { User } from '@suite/proto'
import type { Principal, ResolvedAbilities } from '../auth/principal.js'

/** What a presenter may read besides the message it presents. */
export interface PresentContext {
  /** EXTERNAL_URL without a trailing slash: the base of every web_url. */
  externalUrl: string
  principal: Principal
  /**
   * The principal's abilities in the project or group named by `:id`, as
   * the owning service answered them (empty when the route resolved none).
   */
  abilities: ResolvedAbilities
  /** Users the message refers to (creators, ...), loaded with one batch call per request. */
  users: ReadonlyMap<number, User>
}

/** GitLab's time format: ISO 8601 in UTC with milliseconds, or null. */
export function isoTime(value: Date | undefined): string | null {
  return value ? value.toISOString() : null
}

/** An optional proto field as JSON: absent is null. */
export function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value
}

type Presenter<T> = (value: T, ctx: PresentContext) => unknown

/** Admins see one entity, everyone else another (GitLab's `current_user.admin? ? A : B`). */
export function byAdmin<T>(forAdmins: Presenter<T>, forOthers: Presenter<T>): Presenter<T> {
  return (value, ctx) => (ctx.principal.user?.admin ? forAdmins : forOthers)(value, ctx)
}
