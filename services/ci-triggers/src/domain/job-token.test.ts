import { jobTokenReaches, type JobTokenDeps } from './job-token.js'
import type { ProjectFacts } from './ports.js'
import type { InboundScope } from './runner-ports.js'

/** Project 7 lives in group 3's subgroup 4; the target is project 20. */
const SOURCE: ProjectFacts = {
  id: 7,
  fullPath: 'top/sub/source',
  name: 'Source',
  defaultBranch: 'main',
  ciConfigPath: null,
  groupIds: [3, 4],
}

function deps(scope: Partial<InboundScope>): Pick<JobTokenDeps, 'scope' | 'access'> {
  return {
    scope: {
      inbound: () => Promise.resolve({ enabled: true, projectIds: [], groupIds: [], ...scope }),
    },
    access: { project: (id) => Promise.resolve(id === SOURCE.id ? SOURCE : undefined) },
  }
}

const job = { projectId: SOURCE.id }

describe('jobTokenReaches (Ci::JobToken::Scope, inbound)', () => {
  it('always reaches the job project itself', async () => {
    expect(await jobTokenReaches(deps({}), job, SOURCE.id)).toBe(true)
  })

  it('reaches another project only through its allowlists while the switch is on', async () => {
    expect(await jobTokenReaches(deps({}), job, 20)).toBe(false)
    expect(await jobTokenReaches(deps({ projectIds: [7] }), job, 20)).toBe(true)
    expect(await jobTokenReaches(deps({ projectIds: [8] }), job, 20)).toBe(false)
  })

  it('reaches a project whose groups allowlist names a group above the job project', async () => {
    expect(await jobTokenReaches(deps({ groupIds: [3] }), job, 20)).toBe(true)
    expect(await jobTokenReaches(deps({ groupIds: [4] }), job, 20)).toBe(true)
    expect(await jobTokenReaches(deps({ groupIds: [5] }), job, 20)).toBe(false)
  })

  it('reaches every project whose switch is off', async () => {
    expect(await jobTokenReaches(deps({ enabled: false }), job, 20)).toBe(true)
  })
})
