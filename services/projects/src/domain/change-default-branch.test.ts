import { InvalidError } from '@suite/runtime'
import { changeDefaultBranch } from './change-default-branch.js'
import type { Ports } from './ports.js'

function portsWith(branches: readonly string[]) {
  const moved: string[] = []
  const ports = {
    repository: {
      createRepository: () => Promise.resolve(),
      setDefaultBranch: (_projectId: number, branch: string) => {
        if (!branches.includes(branch)) return Promise.resolve(false)
        moved.push(branch)
        return Promise.resolve(true)
      },
    },
  } as unknown as Ports
  return { ports, moved }
}

describe('changeDefaultBranch', () => {
  it('moves HEAD to an existing branch', async () => {
    const { ports, moved } = portsWith(['main', 'develop'])
    await changeDefaultBranch(ports, 1, 'main', 'develop')
    expect(moved).toEqual(['develop'])
  })

  it('leaves HEAD alone when the branch is not given or unchanged', async () => {
    const { ports, moved } = portsWith(['main'])
    await changeDefaultBranch(ports, 1, 'main', undefined)
    await changeDefaultBranch(ports, 1, 'main', 'main')
    expect(moved).toEqual([])
  })

  it("refuses a missing branch with the model's base error", async () => {
    const { ports } = portsWith(['main'])
    const refused = changeDefaultBranch(ports, 1, 'main', 'nope')
    await expect(refused).rejects.toBeInstanceOf(InvalidError)
    await expect(refused).rejects.toMatchObject({
      fieldErrors: { base: ["Could not change HEAD: branch 'nope' does not exist"] },
    })
  })
})
