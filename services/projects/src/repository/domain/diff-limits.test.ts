import { DiffBudget, resolveLimits } from './diff-limits.js'

describe('resolveLimits', () => {
  it("takes GitLab's defaults for zero fields", () => {
    expect(resolveLimits(undefined)).toEqual({
      maxFiles: 1000,
      maxLines: 50000,
      maxBytes: 1000 * 5 * 1024,
      collapseBytes: 20 * 1024,
      maxPatchBytes: 200 * 1024,
      unlimited: false,
    })
    expect(resolveLimits({ maxFiles: 10, maxPatchBytes: 1000 })).toMatchObject({
      maxBytes: 10 * 5 * 1024,
      collapseBytes: 100,
    })
  })
})

describe('DiffBudget', () => {
  const limits = resolveLimits({
    maxFiles: 3,
    maxLines: 10,
    maxBytes: 1000,
    collapseBytes: 100,
    maxPatchBytes: 500,
  })

  it('collapses and refuses by patch size; pruned patches count nothing', () => {
    const budget = new DiffBudget(limits, 3)
    expect(budget.admit(50, 2)).toBe('shown')
    expect(budget.admit(100, 20)).toBe('collapsed')
    expect(budget.admit(500, 40)).toBe('too_large')
    expect(budget.overflow).toBe(false)
    expect(budget.admit(1, 1)).toBe('overflow')
    expect(budget.overflow).toBe(true)
  })

  it('overflows on the file that reaches the lines or bytes limit', () => {
    const lines = new DiffBudget(limits, 5)
    expect(lines.admit(10, 9)).toBe('shown')
    expect(lines.admit(10, 1)).toBe('overflow')
    const bytes = new DiffBudget({ ...limits, maxBytes: 120 }, 5)
    expect(bytes.admit(90, 1)).toBe('shown')
    expect(bytes.admit(30, 1)).toBe('overflow')
  })

  it('never collapses a single file, and unlimited lifts all but too_large', () => {
    expect(new DiffBudget(limits, 1).admit(200, 2)).toBe('shown')
    const unlimited = new DiffBudget({ ...limits, unlimited: true }, 10)
    for (let index = 0; index < 5; index++) expect(unlimited.admit(400, 50)).toBe('shown')
    expect(unlimited.admit(500, 1)).toBe('too_large')
    expect(unlimited.overflow).toBe(false)
  })
})
