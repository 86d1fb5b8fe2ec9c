import { InvalidError } from '@suite/runtime'
import type { Ports } from './ports.js'

/**
 * Projects::UpdateService#validate_default_branch_change: a new default branch
 * must exist, and HEAD moves to it (Project#change_head), else 400 with the
 * model's base error. Done once the other fields are valid, so a refused
 * update leaves HEAD where it was.
 */
export async function changeDefaultBranch(
  ports: Ports,
  projectId: number,
  current: string | null,
  wanted: string | undefined,
): Promise<void> {
  if (wanted === undefined || wanted === current) return
  if (!(await ports.repository.setDefaultBranch(projectId, wanted))) {
    throw new InvalidError({ base: [`Could not change HEAD: branch '${wanted}' does not exist`] })
  }
}
