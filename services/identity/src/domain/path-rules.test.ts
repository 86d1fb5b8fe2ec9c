import {
  NAMESPACE_FORMAT_MESSAGE,
  OCI_FORMAT_MESSAGE,
  RESERVED_EXTENSION_MESSAGE,
  isReservedPath,
  namespacePathErrors,
  usernameErrors,
} from './path-rules.js'

describe('namespacePathErrors', () => {
  it.each(['root', 'my-group', 'group_1', 'a.b', 'Gitlab-Org', 'ab'])('accepts %s', (path) => {
    expect(namespacePathErrors(path, true)).toEqual([])
  })

  it('refuses blank paths', () => {
    expect(namespacePathErrors('', true)).toEqual(["can't be blank"])
  })

  it.each(['admin', 'API', 'help', 'users', 'groups', 'dashboard', 'explore', 'v2'])(
    'reserves the top-level route %s',
    (path) => {
      expect(namespacePathErrors(path, true)).toContain(`${path} is a reserved name`)
    },
  )

  it('allows top-level words below a group but not wildcard words', () => {
    expect(namespacePathErrors('admin', false)).toEqual([])
    expect(namespacePathErrors('tree', false)).toEqual(['tree is a reserved name'])
    expect(isReservedPath('Edit', false)).toBe(true)
    expect(isReservedPath('tree', true)).toBe(false)
  })

  it('refuses "-" by its format before its reservation', () => {
    expect(namespacePathErrors('-', true)).toEqual([
      OCI_FORMAT_MESSAGE,
      NAMESPACE_FORMAT_MESSAGE,
      'is too short (minimum is 2 characters)',
    ])
  })

  it('refuses .git and .atom endings with the namespace message', () => {
    expect(namespacePathErrors('project.git', true)).toEqual([NAMESPACE_FORMAT_MESSAGE])
    expect(namespacePathErrors('feed.atom', true)).toEqual([NAMESPACE_FORMAT_MESSAGE])
  })

  it('gives both format messages for a leading dash', () => {
    expect(namespacePathErrors('-group', true)).toEqual([
      OCI_FORMAT_MESSAGE,
      NAMESPACE_FORMAT_MESSAGE,
    ])
  })

  it('refuses trailing and doubled special characters as the OCI rule does', () => {
    expect(namespacePathErrors('group_', true)).toEqual([OCI_FORMAT_MESSAGE])
    expect(namespacePathErrors('a--b', true)).toEqual([OCI_FORMAT_MESSAGE])
    expect(namespacePathErrors('group.', true)).toEqual([
      OCI_FORMAT_MESSAGE,
      NAMESPACE_FORMAT_MESSAGE,
    ])
  })

  it('enforces the length limits', () => {
    expect(namespacePathErrors('a', true)).toEqual(['is too short (minimum is 2 characters)'])
    expect(namespacePathErrors('a'.repeat(256), true)).toEqual([
      'is too long (maximum is 255 characters)',
    ])
  })
})

describe('usernameErrors', () => {
  it('refuses usernames ending in a known file extension', () => {
    expect(usernameErrors('john.json')).toEqual([RESERVED_EXTENSION_MESSAGE])
    expect(usernameErrors('john.jsonx')).toEqual([])
  })

  it('refuses reserved usernames whatever their case', () => {
    expect(usernameErrors('Admin')).toEqual(['Admin is a reserved name'])
  })
})
