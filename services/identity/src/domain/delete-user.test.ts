import { deleteUser, deleteUserIdentity, SOLE_OWNER, type UserDeletionPort } from './delete-user.js'

const ADMIN = { userId: 1, admin: true, scopes: ['api'] }
const USER = { userId: 2, admin: false, scopes: ['api'] }

function port(kind: 'marked' | 'not_found' | 'internal' | 'sole_owner') {
  const calls: unknown[][] = []
  const value: UserDeletionPort = {
    markDeleted: (...args) => {
      calls.push(args)
      return Promise.resolve({ kind })
    },
    deleteIdentity: (userId, provider) => Promise.resolve(provider === 'ldapmain' && userId === 5),
    userExists: (userId) => Promise.resolve(userId === 5),
  }
  return { value, calls }
}

describe('deleteUser (API::Users DELETE /users/:id)', () => {
  it('asks the store to mark the user, as the admin who deletes, with hard_delete', async () => {
    const { value, calls } = port('marked')
    await deleteUser(value, ADMIN, 5, true)
    expect(calls).toEqual([[5, true, 1]])
  })

  it('answers as GitLab: 403 for non-admins, 404 User, 403 for the Ghost user, 409 for a sole owner', async () => {
    await expect(deleteUser(port('marked').value, USER, 5, false)).rejects.toMatchObject({
      kind: 'forbidden',
    })
    await expect(deleteUser(port('not_found').value, ADMIN, 5, false)).rejects.toMatchObject({
      kind: 'not_found',
    })
    await expect(deleteUser(port('internal').value, ADMIN, 5, false)).rejects.toMatchObject({
      kind: 'forbidden',
    })
    await expect(deleteUser(port('sole_owner').value, ADMIN, 5, false)).rejects.toMatchObject({
      kind: 'conflict',
      message: SOLE_OWNER,
    })
  })
})

describe('deleteUserIdentity (DELETE /users/:id/identities/:provider)', () => {
  it('removes an identity, and answers 404 User before 404 Identity', async () => {
    const { value } = port('marked')
    await deleteUserIdentity(value, ADMIN, 5, 'ldapmain')
    await expect(deleteUserIdentity(value, ADMIN, 6, 'ldapmain')).rejects.toThrow('User')
    await expect(deleteUserIdentity(value, ADMIN, 5, 'github')).rejects.toThrow('Identity')
  })
})
