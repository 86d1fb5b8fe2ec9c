import { KeyedSlots } from './keyed-slots.js'

describe('slots capped per key', () => {
  it('gives each key its own slots and takes a released one back once', () => {
    const slots = new KeyedSlots<number>(2)
    const first = slots.take(1)
    const second = slots.take(1)
    expect(first).toBeDefined()
    expect(second).toBeDefined()
    expect(slots.take(1)).toBeUndefined()
    // Another key is not counted against the first.
    expect(slots.take(2)).toBeDefined()
    first?.()
    first?.()
    expect(slots.holding(1)).toBe(1)
    expect(slots.take(1)).toBeDefined()
    expect(slots.take(1)).toBeUndefined()
  })
})
