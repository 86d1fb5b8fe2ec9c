import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentUserStatus } from '../entities/user-status.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** UserStatus::CLEAR_STATUS_QUICK_OPTIONS' names. */
const CLEAR_STATUS_AFTER = [
  '30_minutes',
  '3_hours',
  '8_hours',
  '1_day',
  '3_days',
  '7_days',
  '30_days',
]

/**
 * A user's status (lib/api/users.rb): anyone reads anyone's, the caller sets
 * their own; identity validates and keeps it.
 */
export function userStatusRoutes(api: ApiRouter, identity: IdentityClients): void {
  const statuses = identity.userStatuses

  api.get('/user/status', {
    scopes: 'user',
    ability: AUTHENTICATED,
    handle: ({ principal, caller }) =>
      statuses.read.getUserStatus({
        caller,
        user: String(requireField(principal.user, 'user').id),
      }),
    present: presentUserStatus,
  })

  // PUT replaces the status: a parameter left out is cleared.
  api.put('/user/status', {
    scopes: 'user',
    ability: AUTHENTICATED,
    params: {
      emoji: p.string(),
      message: p.string(),
      availability: p.string(),
      clear_status_after: p.string().values(CLEAR_STATUS_AFTER),
    },
    handle: ({ caller, params }) =>
      statuses.write.setUserStatus({
        caller,
        emoji: params.emoji,
        message: params.message,
        availability: params.availability,
        clearStatusAfter: params.clear_status_after,
        keepUnspecified: false,
      }),
    present: presentUserStatus,
  })

  // PATCH changes only the parameters given (identity keeps the others).
  api.patch('/user/status', {
    scopes: 'user',
    ability: AUTHENTICATED,
    params: {
      emoji: p.string(),
      message: p.string(),
      availability: p.string(),
      clear_status_after: p.string().values(CLEAR_STATUS_AFTER),
    },
    handle: ({ caller, params }) =>
      statuses.write.setUserStatus({
        caller,
        emoji: params.emoji,
        message: params.message,
        availability: params.availability,
        clearStatusAfter: params.clear_status_after,
        keepUnspecified: true,
      }),
    present: presentUserStatus,
  })

  api.get('/users/:user_id/status', {
    scopes: 'user',
    ability: PUBLIC,
    params: { user_id: p.string().required() },
    handle: ({ caller, params }) => statuses.read.getUserStatus({ caller, user: params.user_id }),
    present: presentUserStatus,
  })
}
