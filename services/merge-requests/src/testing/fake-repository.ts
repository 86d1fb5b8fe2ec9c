/**
 * The repository role for tests (test code only): branch heads by project
 * and branch, and the answers its comparison, mergeability and merge calls give.
 */
import { Metadata } from '@grpc/grpc-js'
import {
  CheckMergeabilityResponse,
  CompareCommitsResponse,
  ErrorDetail,
  MergeBranchResponse,
  type CheckMergeabilityRequest,
  type CompareCommitsRequest,
  type MergeBranchRequest,
} from '@suite/proto'
import { ERROR_DETAIL_KEY } from '@suite/runtime'
import type { RepositoryRpc } from '../clients/repository.js'

/** A grpc-js style NOT_FOUND failure. */
function notFound(): Error {
  return Object.assign(new Error('5 NOT_FOUND: Branch Not Found'), { code: 5 })
}

/** A grpc-js style FAILED_PRECONDITION failure with an ErrorDetail reason. */
function failedPrecondition(reason: string): Error {
  const metadata = new Metadata()
  const detail = ErrorDetail.create({ reason, message: reason })
  metadata.set(ERROR_DETAIL_KEY, Buffer.from(ErrorDetail.encode(detail).finish()))
  return Object.assign(new Error(`9 FAILED_PRECONDITION: ${reason}`), { code: 9, metadata })
}

/** The fake repository: branch heads by "project/branch" and the answers it gives. */
export class FakeRepository {
  readonly heads = new Map<string, string>()
  compare = CompareCommitsResponse.fromPartial({})
  mergeability = CheckMergeabilityResponse.fromPartial({})
  readonly calls = { compare: 0, check: 0, merge: [] as MergeBranchRequest[] }
  merged = MergeBranchResponse.fromPartial({ targetSha: 'merge-sha', mergeCommitSha: 'merge-sha' })
  /** Runs while a comparison is under way (a push racing the collection). */
  onCompare: (() => void) | undefined
  /** A FAILED_PRECONDITION reason mergeBranch answers with, when set. */
  mergeRefusal: string | undefined

  /** A repository whose comparisons find one commit, `sha`, changing one line of one file. */
  static withOneCommit(sha: string): FakeRepository {
    const repository = new FakeRepository()
    repository.compare = CompareCommitsResponse.fromPartial({
      commits: [{ id: sha, shortId: sha, title: 'One', message: 'One\n' }],
      diffs: [{ oldPath: 'a', newPath: 'a', diff: '@@ -1 +1 @@\n-a\n+b\n' }],
      realSize: 1,
    })
    return repository
  }

  setHead(projectId: number, branch: string, sha: string | undefined): void {
    const key = `${projectId}/${branch}`
    if (sha === undefined) this.heads.delete(key)
    else this.heads.set(key, sha)
  }

  /** The repository role's clients (reads and writes), answering from this fake. */
  clients(): { read: RepositoryRpc; write: RepositoryRpc } {
    const read = {
      getBranch: ({ projectId, name }: { projectId: number; name: string }) => {
        const sha = this.heads.get(`${projectId}/${name}`)
        if (!sha) return Promise.reject(notFound())
        return Promise.resolve({
          branch: { name, commit: { id: sha }, merged: false, default: false },
        })
      },
      findMergeBase: () => Promise.resolve({ base: 'base-sha' }),
      compareCommits: (_request: CompareCommitsRequest) => {
        this.calls.compare++
        this.onCompare?.()
        return Promise.resolve(this.compare)
      },
      checkMergeability: (_request: CheckMergeabilityRequest) => {
        this.calls.check++
        return Promise.resolve(this.mergeability)
      },
    }
    const write = {
      mergeBranch: (request: MergeBranchRequest) => {
        this.calls.merge.push(request)
        if (this.mergeRefusal === undefined) return Promise.resolve(this.merged)
        return Promise.reject(failedPrecondition(this.mergeRefusal))
      },
    }
    return { read: read as unknown as RepositoryRpc, write: write as unknown as RepositoryRpc }
  }
}
