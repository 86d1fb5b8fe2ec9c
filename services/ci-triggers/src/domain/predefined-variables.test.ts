import type { PipelineRequest } from './pipeline-request.js'
import { commitVariables, predefinedVariables, refProtected } from './predefined-variables.js'

const commit = {
  message: 'Fix the build\n\nIt was broken.\n',
  title: 'Fix the build',
  authorName: 'Ada Lovelace',
  authorEmail: 'ada@example.com',
}

describe('commitVariables', () => {
  it('gives the commit message, title, description, author and timestamp', () => {
    expect(commitVariables(commit, new Date('2026-11-27T10:20:30.500Z'))).toEqual({
      CI_COMMIT_MESSAGE: 'Fix the build\n\nIt was broken.\n',
      CI_COMMIT_TITLE: 'Fix the build',
      CI_COMMIT_DESCRIPTION: '\nIt was broken.',
      CI_COMMIT_AUTHOR: 'Ada Lovelace <ada@example.com>',
      CI_COMMIT_TIMESTAMP: '2026-11-27T10:20:30Z',
    })
  })

  it('describes a one-line commit as empty, and a long title as the whole message', () => {
    expect(commitVariables({ ...commit, message: 'One line' }, null)).toMatchObject({
      CI_COMMIT_DESCRIPTION: '',
    })
    const long = `${'x'.repeat(100)}\nmore`
    expect(commitVariables({ ...commit, message: long }, null)).toMatchObject({
      CI_COMMIT_DESCRIPTION: long,
    })
    expect(commitVariables(commit, null)).not.toHaveProperty('CI_COMMIT_TIMESTAMP')
  })
})

describe('predefinedVariables', () => {
  const request = {
    projectId: 3,
    ref: 'main',
    source: 'push',
    caller: { userId: null },
    triggerId: null,
  } as unknown as PipelineRequest
  const project = {
    id: 3,
    fullPath: 'group/project',
    name: 'project',
    defaultBranch: 'main',
    ciConfigPath: null,
    groupIds: [],
  }

  it('adds the commit variables only when the ref was resolved to a read commit', () => {
    const facts = { request, project, externalUrl: 'https://gitlab.example.com' }
    const known = predefinedVariables({
      ...facts,
      commit: { sha: 'a'.repeat(40), tag: false, protected: false, committedAt: null, commit },
    })
    expect(known).toMatchObject({
      CI_PROJECT_URL: 'https://gitlab.example.com/group/project',
      CI_PROJECT_NAMESPACE: 'group',
      CI_COMMIT_TITLE: 'Fix the build',
      CI_COMMIT_BRANCH: 'main',
    })
    const given = predefinedVariables({
      ...facts,
      commit: { sha: 'a'.repeat(40), tag: false, protected: false, committedAt: null },
    })
    expect(given).not.toHaveProperty('CI_COMMIT_MESSAGE')
  })

  it('says whether the ref is protected, as the repository answered', () => {
    const facts = { request, project, externalUrl: 'https://gitlab.example.com' }
    const sha = 'a'.repeat(40)
    const isProtected = predefinedVariables({
      ...facts,
      commit: { sha, tag: false, protected: true, committedAt: null },
    })
    const open = predefinedVariables({
      ...facts,
      commit: { sha, tag: false, protected: false, committedAt: null },
    })
    expect(isProtected.CI_COMMIT_REF_PROTECTED).toBe('true')
    expect(open.CI_COMMIT_REF_PROTECTED).toBe('false')
    expect(refProtected(isProtected)).toBe(true)
    expect(refProtected(open)).toBe(false)
    // A pipeline stored before the variable existed is on an unprotected ref.
    expect(refProtected({})).toBe(false)
  })
})
