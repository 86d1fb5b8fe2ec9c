import type { Ports } from './ports.js'

/** What a failed creation may have left behind, keyed by the new project's id. */
export interface CreationToUndo {
  projectId: number
  /** Who created it (recorded as who removes the membership). */
  actorId: number
  /** The user whose membership creation added, if it was to add one. */
  memberUserId: number | undefined
}

/** The database side of the undo: the project row and its events, in one transaction. */
export interface CreatedRowsPort {
  deleteCreated(projectId: number): Promise<void>
}

/** A step of the undo that failed; the caller logs it, the original error is still answered. */
export type UndoFailure = (step: string, error: unknown) => void

/**
 * Undoes Projects::CreateService after a step that follows the insert failed.
 * Every step runs even when an earlier one fails, and each is idempotent (a
 * missing membership or repository is fine), because a failed call may still
 * have taken effect (a deadline hit after the write): the membership and the
 * repository are removed whether or not their own step reported success.
 * The row is deleted even when another step failed: a leftover membership or
 * bare repository under an id that sequences never hand out again is
 * invisible (and logged), a half-made project in lists is not.
 */
export async function undoCreation(
  rows: CreatedRowsPort,
  ports: Ports,
  created: CreationToUndo,
  onFailure: UndoFailure,
): Promise<void> {
  const steps: [string, () => Promise<void>][] = [
    [
      'membership',
      async () => {
        if (created.memberUserId === undefined) return
        await ports.identity.removeProjectMember(
          created.actorId,
          created.projectId,
          created.memberUserId,
        )
      },
    ],
    ['repository', () => ports.repository.deleteRepository(created.projectId)],
    ['project', () => rows.deleteCreated(created.projectId)],
  ]
  for (const [step, run] of steps) {
    try {
      await run()
    } catch (error) {
      onFailure(step, error)
    }
  }
}
