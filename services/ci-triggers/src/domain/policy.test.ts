import { ForbiddenError } from '@suite/runtime'
import { requireCreatePipeline } from './policy.js'

describe('requireCreatePipeline', () => {
  it('lets a caller with create_pipeline in that project through', () => {
    expect(() => requireCreatePipeline({ projectId: 7, createPipeline: true }, 7)).not.toThrow()
  })

  it('refuses without the ability, without abilities, or with another project’s', () => {
    expect(() => requireCreatePipeline({ projectId: 7, createPipeline: false }, 7)).toThrow(
      ForbiddenError,
    )
    expect(() => requireCreatePipeline(undefined, 7)).toThrow(ForbiddenError)
    expect(() => requireCreatePipeline({ projectId: 8, createPipeline: true }, 7)).toThrow(
      ForbiddenError,
    )
  })
})
