import { ProjectAbilities } from '@suite/proto'
import { ANONYMOUS, type Principal } from '../auth/principal.js'
import { projectAbilitiesFixture } from '../testing/abilities-fixture.js'
import { projectFixture } from '../testing/project-fixture.js'
import { basicPassword, gitRefusal, parseGitPath } from './git-http-access.js'

/** A project answered with the given abilities (all others off). */
function project(granted: Partial<ProjectAbilities>, archived = false) {
  return projectFixture({
    archived,
    abilities: { ...ProjectAbilities.create({ projectId: 5 }), readProject: true, ...granted },
  })
}

const reader = project({ readCode: true })
const pusher = project({ readCode: true, pushCode: true })

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

describe('gitRefusal: token scopes', () => {
  // No scope list of the gateway's own: the projects service answered
  // read_code and push_code for the token's scopes (read_api: read_code only).
  it('lets a token answered read_code clone, and refuses it a push without push_code', () => {
    const readApiToken = project({ readCode: true, pushCode: false })
    expect(gitRefusal(readApiToken, user(), 'download')).toBeUndefined()
    expect(gitRefusal(readApiToken, user(), 'push')).toEqual({
      status: 403,
      message: 'You are not allowed to push code to this project.',
    })
  })

  it('refuses a clone to a token answered no read_code (read_user) with 403', () => {
    expect(gitRefusal(project({}), user(), 'download')).toEqual({
      status: 403,
      message: 'You are not allowed to download code from this project.',
    })
  })
})

describe('gitRefusal', () => {
  it('asks anonymous callers for credentials instead of answering 404', () => {
    expect(gitRefusal(undefined, ANONYMOUS, 'download')?.status).toBe(401)
    expect(gitRefusal(reader, ANONYMOUS, 'download')).toBeUndefined()
    expect(gitRefusal(project({}), ANONYMOUS, 'download')?.status).toBe(401)
    expect(gitRefusal(pusher, ANONYMOUS, 'push')?.status).toBe(401)
  })

  it('answers 404 to signed-in users who cannot read the project', () => {
    expect(gitRefusal(undefined, user(), 'download')?.status).toBe(404)
    const unreadable = project({ readProject: false, readCode: true, pushCode: true })
    expect(gitRefusal(unreadable, user(), 'push')).toMatchObject({
      status: 404,
      message: expect.stringContaining('could not be found') as unknown,
    })
    const unanswered = projectFixture({ abilities: undefined })
    expect(gitRefusal(unanswered, user(), 'download')?.status).toBe(404)
  })

  it('clones with read_code and pushes with push_code, as the projects service answered', () => {
    expect(gitRefusal(project({}), user(), 'download')).toMatchObject({
      status: 403,
      message: 'You are not allowed to download code from this project.',
    })
    expect(gitRefusal(reader, user(), 'download')).toBeUndefined()
    expect(gitRefusal(reader, user(), 'push')).toMatchObject({
      status: 403,
      message: 'You are not allowed to push code to this project.',
    })
    expect(gitRefusal(pusher, user(), 'push')).toBeUndefined()
    const developer = projectFixture({ abilities: projectAbilitiesFixture() })
    expect(gitRefusal(developer, user(), 'push')).toBeUndefined()
  })

  it('refuses a push to an archived project with its own message', () => {
    expect(gitRefusal(project({ readCode: true }, true), user(true), 'push')).toEqual({
      status: 403,
      message: 'You are not allowed to push code to an archived project.',
    })
  })

  it('reads no level and no admin flag: an admin without push_code may not push', () => {
    expect(gitRefusal(reader, user(true), 'push')?.status).toBe(403)
  })
})
