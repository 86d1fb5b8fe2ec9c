import { ANONYMOUS } from '../auth/principal.js'
import { contextFixture } from '../testing/fixtures.js'
import { projectFixture } from '../testing/project-fixture.js'
import { projectSimpleGolden } from '../testing/project-simple-golden.js'
import { presentProjectSimple } from './project-simple.entity.js'

describe('presentProjectSimple', () => {
  it('renders BasicProjectDetails for a signed-in caller', () => {
    expect(presentProjectSimple({ project: projectFixture() }, contextFixture())).toEqual(
      projectSimpleGolden,
    )
  })

  it('leaves visibility out for an anonymous caller', () => {
    const json = presentProjectSimple(
      { project: projectFixture() },
      contextFixture({ principal: ANONYMOUS }),
    )
    expect(json).not.toHaveProperty('visibility')
  })
})
