import type { Project } from '@suite/proto'
import { ANONYMOUS, type Principal } from '../auth/principal.js'
import { basicPassword, gitRefusal, parseGitPath, scopesAllowGit } from './git-http-access.js'

function project(visibility: string, level: number, extra: Partial<Project> = {}): Project {
  return {
    visibility,
    callerAccessLevel: level,
    accessLevels: {},
    archived: false,
    ...extra,
  } as Project
}

const user = (admin = false) =>
  ({ user: { id: 2, admin }, token: undefined, sudo: false }) as unknown as Principal

describe('parseGitPath', () => {
  it('finds the project path and endpoint, with or without .git', () => {
    expect(parseGitPath('/group/sub/proj.git/info/refs')).toEqual({
      fullPath: 'group/sub/proj',
      endpoint: 'info/refs',
    })
    expect(parseGitPath('/root/proj/git-receive-pack')).toEqual({
      fullPath: 'root/proj',
      endpoint: 'git-receive-pack',
    })
  })

  it('refuses odd paths', () => {
    expect(parseGitPath('/api/v4/x/info/refs')).toBeUndefined()
    expect(parseGitPath('/a/../b.git/info/refs')).toBeUndefined()
    expect(parseGitPath('/a/b.git/objects/info/packs')).toBeUndefined()
  })
})

describe('basicPassword', () => {
  it('reads the password of Basic credentials', () => {
    expect(basicPassword(`Basic ${Buffer.from('root:tok').toString('base64')}`)).toBe('tok')
    expect(basicPassword(`Basic ${Buffer.from('root:').toString('base64')}`)).toBeUndefined()
    expect(basicPassword('Bearer x')).toBeUndefined()
  })
})

describe('scopesAllowGit', () => {
  it('lets read_repository clone and write_repository push', () => {
    expect(scopesAllowGit(['read_repository'], 'download')).toBe(true)
    expect(scopesAllowGit(['read_repository'], 'push')).toBe(false)
    expect(scopesAllowGit(['write_repository'], 'push')).toBe(true)
    expect(scopesAllowGit(['read_api'], 'download')).toBe(false)
  })
})

describe('gitRefusal', () => {
  it('asks anonymous callers for credentials instead of answering 404', () => {
    expect(gitRefusal(undefined, ANONYMOUS, 'download')?.status).toBe(401)
    expect(gitRefusal(project('public', 0), ANONYMOUS, 'download')).toBeUndefined()
    expect(gitRefusal(project('public', 0), ANONYMOUS, 'push')?.status).toBe(401)
  })

  it('answers 404 to signed-in users who cannot see the project', () => {
    expect(gitRefusal(undefined, user(), 'download')?.status).toBe(404)
  })

  it('needs Reporter to clone a private project and Developer to push', () => {
    expect(gitRefusal(project('private', 10), user(), 'download')?.status).toBe(403)
    expect(gitRefusal(project('private', 20), user(), 'download')).toBeUndefined()
    expect(gitRefusal(project('private', 20), user(), 'push')?.status).toBe(403)
    expect(gitRefusal(project('private', 30), user(), 'push')).toBeUndefined()
    expect(gitRefusal(project('public', 0), user(true), 'push')).toBeUndefined()
  })
})
