import { InvalidError } from '@suite/runtime'
import { isFullObjectId } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'

/**
 * GitLab's persistent pipeline ref (Ci::PersistentRef): refs/pipelines/<id>
 * at the pipeline's commit, which every job's runner fetches first, so the
 * job runs on its commit even after its branch moved on (or for a merge
 * request pipeline, whose ref is no branch). Written as often as asked.
 */
export async function keepPipelineRef(repo: Repo, pipelineId: number, sha: string): Promise<void> {
  if (!Number.isSafeInteger(pipelineId) || pipelineId <= 0) {
    throw new InvalidError({}, 'pipeline_id is invalid')
  }
  if (!isFullObjectId(sha) || (await repo.refTarget(`${sha}^{commit}`)) !== sha) {
    throw new InvalidError({}, 'sha is not a commit of the repository')
  }
  await repo.run(['update-ref', '--end-of-options', `refs/pipelines/${pipelineId}`, sha])
}
