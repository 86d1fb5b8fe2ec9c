import type { Window } from '../domain/ports.js'
import type { NewTrigger, Trigger, TriggerStore } from '../domain/trigger.js'

/** A TriggerStore in memory for domain and rpc tests; ids count from 1. */
export class InMemoryTriggerStore implements TriggerStore {
  readonly triggers: Trigger[] = []

  constructor(private readonly now: () => Date = () => new Date('2026-11-26T12:00:00.000Z')) {}

  create(input: NewTrigger): Promise<Trigger> {
    const at = this.now()
    const trigger: Trigger = {
      ...input,
      id: this.triggers.length + 1,
      createdAt: at,
      updatedAt: at,
      lastUsed: null,
    }
    this.triggers.push(trigger)
    return Promise.resolve(trigger)
  }

  list(projectId: number, window: Window): Promise<{ triggers: Trigger[]; total: number }> {
    const mine = this.triggers.filter((trigger) => trigger.projectId === projectId)
    const triggers = mine.slice(window.offset, window.offset + window.limit)
    return Promise.resolve({ triggers, total: mine.length })
  }

  find(projectId: number, id: number): Promise<Trigger | undefined> {
    return Promise.resolve(this.triggers.find((t) => t.projectId === projectId && t.id === id))
  }

  findByToken(token: string): Promise<Trigger | undefined> {
    return Promise.resolve(this.triggers.find((trigger) => trigger.token === token))
  }

  updateDescription(
    projectId: number,
    id: number,
    description: string | null,
  ): Promise<Trigger | undefined> {
    const index = this.triggers.findIndex((t) => t.projectId === projectId && t.id === id)
    const found = this.triggers[index]
    if (!found) return Promise.resolve(undefined)
    const updated = { ...found, description, updatedAt: this.now() }
    this.triggers[index] = updated
    return Promise.resolve(updated)
  }

  delete(projectId: number, id: number): Promise<boolean> {
    const index = this.triggers.findIndex((t) => t.projectId === projectId && t.id === id)
    if (index < 0) return Promise.resolve(false)
    this.triggers.splice(index, 1)
    return Promise.resolve(true)
  }

  markUsed(id: number, at: Date): Promise<void> {
    const index = this.triggers.findIndex((trigger) => trigger.id === id)
    const found = this.triggers[index]
    if (found) this.triggers[index] = { ...found, lastUsed: at }
    return Promise.resolve()
  }
}
