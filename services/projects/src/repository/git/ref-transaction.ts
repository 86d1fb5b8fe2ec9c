import type { RefChange } from '../domain/push-events.js'
import type { Repo } from '../store/repository-store.js'

/** One ref move: undefined newId deletes, undefined oldId creates (the ref must not exist). */
export type RefUpdate = RefChange

function command(update: RefUpdate): string {
  if (update.newId === undefined) return `delete ${update.ref}\0${update.oldId ?? ''}\0`
  const old = update.oldId ?? '0'.repeat(update.newId.length)
  return `update ${update.ref}\0${update.newId}\0${old}\0`
}

/**
 * Moves refs in one `git update-ref --stdin -z` call, each checked against
 * its expected old value: all move or none. False when a ref was not where
 * expected (moved meanwhile). Refs must be validated full names.
 */
export async function updateRefs(repo: Repo, updates: readonly RefUpdate[]): Promise<boolean> {
  if (updates.length === 0) return true
  const { exitCode } = await repo.run(['update-ref', '--stdin', '-z'], {
    input: updates.map(command).join(''),
    okCodes: [1, 128],
  })
  return exitCode === 0
}
