import { randomBytes } from 'node:crypto'
import { api, type Params } from './api'
import { rootToken } from './suite-state'
import type { GroupJson, MemberJson, TokenJson, UserJson } from './types'

let counter = 0

/** A name no other test (or earlier run against the same database) uses: lower case, starts with a letter. */
export function uniqueName(prefix = 'it'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}${counter}-${randomBytes(3).toString('hex')}`
}

function expectStatus(what: string, status: number, expected: number, text: string): void {
  if (status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${status}: ${text.slice(0, 500)}`)
  }
}

export interface CreatedUser extends UserJson {
  password: string
}

/** Creates a user through POST /users as root. */
export async function createUser(attributes: Params = {}): Promise<CreatedUser> {
  const username = uniqueName('user')
  const password = `Pw-${randomBytes(9).toString('hex')}`
  const res = await api<UserJson>('/users', {
    method: 'POST',
    token: rootToken(),
    body: {
      username,
      name: `User ${username}`,
      email: `${username}@example.com`,
      password,
      skip_confirmation: true,
      ...attributes,
    },
  })
  expectStatus('POST /users', res.status, 201, res.text)
  return { ...res.body, password }
}

export interface CreatedToken extends TokenJson {
  token: string
}

/** Creates a personal access token for a user through POST /users/:id/personal_access_tokens as root. */
export async function createToken(
  userId: number,
  scopes: string[] = ['api'],
  attributes: Params = {},
): Promise<CreatedToken> {
  const res = await api<TokenJson>(`/users/${userId}/personal_access_tokens`, {
    method: 'POST',
    token: rootToken(),
    body: { name: uniqueName('token'), scopes, ...attributes },
  })
  expectStatus('POST /users/:id/personal_access_tokens', res.status, 201, res.text)
  if (typeof res.body.token !== 'string') throw new Error('created token carries no token value')
  return { ...res.body, token: res.body.token }
}

export interface UserWithToken {
  user: CreatedUser
  token: string
}

/** A fresh user and an access token of theirs. */
export async function createUserWithToken(scopes: string[] = ['api']): Promise<UserWithToken> {
  const user = await createUser()
  const { token } = await createToken(user.id, scopes)
  return { user, token }
}

/** Creates a group through POST /groups with the given token; name and path are unique unless given. */
export async function createGroup(token: string, attributes: Params = {}): Promise<GroupJson> {
  const path = uniqueName('group')
  const res = await api<GroupJson>('/groups', {
    method: 'POST',
    token,
    body: { name: `Group ${path}`, path, ...attributes },
  })
  expectStatus('POST /groups', res.status, 201, res.text)
  return res.body
}

/** Adds a member through POST /groups/:id/members (as root unless a token is given). */
export async function addMember(
  groupId: number,
  userId: number,
  accessLevel: number,
  token: string = rootToken(),
): Promise<MemberJson> {
  const res = await api<MemberJson>(`/groups/${groupId}/members`, {
    method: 'POST',
    token,
    body: { user_id: userId, access_level: accessLevel },
  })
  expectStatus('POST /groups/:id/members', res.status, 201, res.text)
  return res.body
}
