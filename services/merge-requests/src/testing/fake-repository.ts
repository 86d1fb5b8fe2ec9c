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
  type RebaseBranchRequest,
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
  /** What Branch.can_push and can_force_push answer for every caller. */
  branchAccess = { canPush: true, canForcePush: true }
  /** What Branch.protected, can_push, can_merge and can_force_push answer in one project, when set. */
  readonly branchAccessIn = new Map<
    number,
    { protected: boolean; canPush: boolean; canMerge: boolean; canForcePush: boolean }
  >()
  /** The rebases asked for, and a FAILED_PRECONDITION reason they answer with, when set. */
  readonly rebases: RebaseBranchRequest[] = []
  rebaseRefusal: string | undefined
  /** Commits by "project/ref" (a SHA, branch or tag): their full SHA and changed files. */
  readonly commits = new Map<
    string,
    { id: string; diffs: { oldPath: string; newPath: string; diff: string }[] }
  >()

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
          branch: {
            name,
            commit: { id: sha },
            merged: false,
            default: false,
            ...(this.branchAccessIn.get(projectId) ?? this.branchAccess),
          },
        })
      },
      getCommit: ({ projectId, sha }: { projectId: number; sha: string }) => {
        const commit = this.commits.get(`${projectId}/${sha}`)
        if (!commit) return Promise.reject(notFound())
        return Promise.resolve({
          commit: {
            id: commit.id,
            shortId: commit.id.slice(0, 8),
            title: 'A commit',
            message: 'A commit\n',
            authorName: 'Ada',
            authorEmail: 'ada@example.com',
            authoredDate: new Date('2026-11-01T10:00:00Z'),
            parentIds: [],
            trailers: [],
          },
        })
      },
      getCommitDiff: ({ projectId, sha }: { projectId: number; sha: string }) => {
        const commit = this.commits.get(`${projectId}/${sha}`)
        if (!commit) return Promise.reject(notFound())
        return Promise.resolve({ diffs: commit.diffs, pageInfo: { total: commit.diffs.length } })
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
      rebaseBranch: (request: RebaseBranchRequest) => {
        this.rebases.push(request)
        if (this.rebaseRefusal !== undefined) {
          return Promise.reject(failedPrecondition(this.rebaseRefusal))
        }
        const head = `rebased-${this.rebases.length}`
        this.setHead(request.projectId, request.branch, head)
        return Promise.resolve({ head })
      },
    }
    return { read: read as unknown as RepositoryRpc, write: write as unknown as RepositoryRpc }
  }
}
