import type { Commit, RepositoryServiceClient } from '@suite/proto'
import { status } from '@grpc/grpc-js'
import { isNotFound, isServiceError, type PromiseClient } from '@suite/runtime'
import type { RepositoryPort, ResolvedRef } from '../domain/ports.js'
import type { PushedCommitPort } from '../domain/push-pipeline.js'

/** GitLab's ci_config max size (Gitlab::Ci::Config::Yaml: max_yaml_size_bytes default, 2 MB). */
export const MAX_CONFIG_BYTES = 2 * 1024 * 1024

/**
 * The caller of these reads: the pipeline being created, for which this
 * service has already checked its own caller (create_pipeline, a trigger
 * token, a push); only the suite's processes can send a system caller
 * (INTERNAL_API_SECRET).
 */
const SYSTEM = { scopes: [], admin: false, system: true }

/** A branch's or tag's commit as pipeline creation keeps it. */
function resolved(commit: Commit, tag: boolean, isProtected: boolean): ResolvedRef {
  return {
    sha: commit.id,
    tag,
    protected: isProtected,
    committedAt: commit.committedDate ?? null,
    commit: {
      message: commit.message,
      title: commit.title,
      authorName: commit.authorName,
      authorEmail: commit.authorEmail,
    },
  }
}

/** A read whose "not found" (or a name git refuses) is undefined. */
async function orUndefined<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call
  } catch (error) {
    // A name git refuses names nothing: the same answer as an unknown one.
    if (isNotFound(error)) return undefined
    if (isServiceError(error) && error.code === status.INVALID_ARGUMENT) return undefined
    throw error
  }
}

/**
 * The commit a push brought to a branch or tag: the ref's own answer while
 * it still points there (with the branch's protection), else the commit read
 * by its sha (the ref moved on since; a branch's rules still apply to it).
 */
export function pushedCommitPort(
  repository: PromiseClient<RepositoryServiceClient>,
): PushedCommitPort {
  return {
    pushedCommit: async (projectId, ref, sha) => {
      const named = { projectId, name: ref.name, caller: SYSTEM }
      let head: { commit?: Commit | undefined; target: string } | undefined
      let isProtected = false
      if (ref.tag) {
        head = (await orUndefined(repository.getTag(named)))?.tag
      } else {
        const branch = (await orUndefined(repository.getBranch(named)))?.branch
        head = branch && { commit: branch.commit, target: branch.commit?.id ?? '' }
        isProtected = branch?.protected === true
      }
      // An annotated tag's ref holds the tag object; its pipeline runs on the commit.
      if (head?.commit && (head.target === sha || head.commit.id === sha)) {
        return resolved(head.commit, ref.tag, isProtected)
      }
      const found = await orUndefined(repository.getCommit({ projectId, sha, caller: SYSTEM }))
      return found?.commit ? resolved(found.commit, ref.tag, isProtected) : undefined
    },
  }
}

/** The repository role, as pipeline creation needs it. */
export function repositoryPort(repository: PromiseClient<RepositoryServiceClient>): RepositoryPort {
  return {
    resolveRef: async (projectId, ref) => {
      const branch = await orUndefined(
        repository.getBranch({ projectId, name: ref, caller: SYSTEM }),
      )
      const commit = branch?.branch?.commit
      // The projects service applies its protected branch rules to the branch it answers.
      if (commit) return resolved(commit, false, branch?.branch?.protected === true)
      const tag = await orUndefined(repository.getTag({ projectId, name: ref, caller: SYSTEM }))
      const tagged = tag?.tag?.commit
      // No protected tag rules exist here: a tag is never a protected ref.
      if (tagged) return resolved(tagged, true, false)
      return undefined
    },
    readFile: async (projectId, sha, path) => {
      const file = await orUndefined(
        repository.readFile({ projectId, sha, path, maxBytes: MAX_CONFIG_BYTES, caller: SYSTEM }),
      )
      if (!file?.found) return undefined
      return Buffer.from(file.content).toString('utf8')
    },
    keepPipelineRef: async (projectId, pipelineId, sha) => {
      await repository.keepPipelineRef({ projectId, pipelineId, sha, caller: SYSTEM })
    },
  }
}
