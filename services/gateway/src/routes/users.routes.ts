import { ADMIN, AUTHENTICATED, READ_USER, READ_USERS_LIST } from '../auth/abilities.js'
import { isAdmin } from '../auth/principal.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { byAdmin } from '../entities/present-context.js'
import { presentUserBasic } from '../entities/user-basic.entity.js'
import { presentUserDetailsWithAdmin } from '../entities/user-details-with-admin.entity.js'
import { presentUserPublic } from '../entities/user-public.entity.js'
import { presentUser } from '../entities/user.entity.js'
import {
  presentUserWithAdmin,
  userWithAdminRelatedIds,
} from '../entities/user-with-admin.entity.js'
import { p } from '../params/coercions.js'
import {
  toUserAttributes,
  userAttributeRules,
  userOptionalAttributes,
} from '../params/user-attributes.js'
import type { ApiRouter } from './api-router.js'
import { userStateRoutes } from './user-state.routes.js'

const NUMERIC_ID = { id: /^\d+$/ }

const userListParams = {
  username: p.string(),
  extern_uid: p.string(),
  provider: p.string(),
  search: p.string(),
  active: p.bool().default(false),
  external: p.bool().default(false),
  blocked: p.bool().default(false),
  exclude_internal: p.bool().default(false),
  admins: p.bool().default(false),
  order_by: p.string().values(['id', 'name', 'username', 'created_at', 'updated_at']).default('id'),
  sort: p.string().values(['asc', 'desc']).default('desc'),
}

/** lib/api/users.rb: users, the current user, and admin user management. */
export function userRoutes(api: ApiRouter, identity: IdentityClients): void {
  const { users } = identity

  api.list('/users', {
    scopes: 'user',
    ability: READ_USERS_LIST,
    params: userListParams,
    rules: [{ kind: 'all_or_none_of', names: ['extern_uid', 'provider'], after: 'provider' }],
    handle: async ({ principal, caller, params, page }) => {
      // Only admins choose the order (the rest get GitLab's default).
      const admin = isAdmin(principal)
      const answer = await users.read.listUsers({
        caller,
        page,
        username: params.username,
        search: params.search,
        active: params.active || undefined,
        blocked: params.blocked || undefined,
        external: params.external || undefined,
        admins: params.admins || undefined,
        orderBy: admin ? params.order_by : 'id',
        sort: admin ? params.sort : 'desc',
        externUid: params.extern_uid,
        provider: params.provider,
        excludeInternal: params.exclude_internal,
      })
      return { items: answer.users, total: answer.pageInfo?.total ?? answer.users.length }
    },
    present: byAdmin(presentUserWithAdmin, presentUserBasic),
    related: userWithAdminRelatedIds,
  })

  api.get('/users/:id', {
    scopes: 'user',
    ability: READ_USER,
    requirements: NUMERIC_ID,
    params: { id: p.int().required() },
    handle: async ({ caller, params }) =>
      requireField((await users.read.getUser({ caller, id: params.id })).user, 'user'),
    present: byAdmin(presentUserDetailsWithAdmin, presentUser),
    related: userWithAdminRelatedIds,
  })

  api.get('/user', {
    // Every field is the user's row or their identities, whose change events evict it (tag u:id).
    cache: true,
    scopes: 'user',
    ability: AUTHENTICATED,
    handle: async ({ principal, caller }) =>
      requireField(
        (await users.read.getUser({ caller, id: requireField(principal.user, 'user').id })).user,
        'user',
      ),
    present: byAdmin(presentUserWithAdmin, presentUserPublic),
    related: userWithAdminRelatedIds,
  })

  api.post('/users', {
    scopes: 'user',
    ability: ADMIN,
    params: {
      email: p.string().required(),
      password: p.string(),
      reset_password: p.bool(),
      skip_confirmation: p.bool(),
      name: p.string().required(),
      username: p.string().required(),
      force_random_password: p.bool(),
      ...userOptionalAttributes,
    },
    rules: [
      {
        kind: 'at_least_one_of',
        names: ['password', 'reset_password', 'force_random_password'],
        after: 'skip_confirmation',
      },
      ...userAttributeRules,
    ],
    handle: async ({ caller, params }) => {
      const { user } = await users.write.createUser({
        caller,
        attributes: toUserAttributes(params),
        // reset_password sets a random password too (Users::BuildService).
        randomPassword: params.reset_password === true || params.force_random_password === true,
      })
      return requireField(user, 'user')
    },
    present: presentUserWithAdmin,
    related: userWithAdminRelatedIds,
  })

  api.put('/users/:id', {
    scopes: 'user',
    ability: ADMIN,
    requirements: NUMERIC_ID,
    params: {
      id: p.int().required(),
      email: p.string(),
      password: p.string(),
      skip_reconfirmation: p.bool(),
      name: p.string(),
      username: p.string(),
      ...userOptionalAttributes,
    },
    rules: userAttributeRules,
    handle: async ({ caller, params }) => {
      const attributes = toUserAttributes(params)
      const { user } = await users.write.updateUser({ caller, id: params.id, attributes })
      return requireField(user, 'user')
    },
    present: presentUserWithAdmin,
    related: userWithAdminRelatedIds,
  })
  userStateRoutes(api, identity)
}
