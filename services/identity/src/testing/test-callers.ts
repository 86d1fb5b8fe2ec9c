import type { Caller } from '../domain/caller.js'

/** A signed-in user (id 7) with an api token, as unit tests of the rules use them. */
export const user: Caller = { userId: 7, admin: false, scopes: ['api'] }
/** An admin (root, id 1) with an api token. */
export const admin: Caller = { userId: 1, admin: true, scopes: ['api'] }
/** No token at all. */
export const anonymous: Caller = { userId: undefined, admin: false, scopes: [] }
