/**
 * A cap on how many of one kind of held resource each key (a runner, a
 * project) may take at once in this process: held long polls per runner,
 * webhook delivery slots per project. Shared pools are split this way so
 * that one tenant cannot take every slot.
 */
export class KeyedSlots<Key> {
  private readonly held = new Map<Key, number>()

  constructor(readonly perKey: number) {}

  /** A slot for the key, released by calling the returned function; undefined when full. */
  take(key: Key): (() => void) | undefined {
    const count = this.held.get(key) ?? 0
    if (count >= this.perKey) return undefined
    this.held.set(key, count + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (this.held.get(key) ?? 1) - 1
      if (left <= 0) this.held.delete(key)
      else this.held.set(key, left)
    }
  }

  /** Slots the key holds now. */
  holding(key: Key): number {
    return this.held.get(key) ?? 0
  }
}
