import { api, eventually } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import {
  commitTo,
  getMergeRequest,
  mrPath,
  openMergeRequest,
  projectWithMain,
  waitForDiff,
  WORKER_TIMEOUT_MS,
  type DiffVersionJson,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { DEVELOPER, type ProjectJson } from './support/types'

// The pushed-commits system note (SystemNotes::CommitService#add_commits, written by
// MergeRequests::RefreshService): a push to an opened request's source branch leaves one
// "added N commits" note by the pusher, listing the commits and linking the new diff version.

jest.setTimeout(120_000)

interface NoteJson {
  id: number
  body: string
  author: { id: number }
  system: boolean
  noteable_id: number
  [field: string]: unknown
}

describe('pushed-commits system notes', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer] = await Promise.all([createUserWithToken(), createUserWithToken()])
    ;({ project } = await projectWithMain(owner, { visibility: 'private' }))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
  })

  const systemNotes = async (mr: MergeRequestJson): Promise<NoteJson[]> => {
    const res = await api<NoteJson[]>(`${mrPath(project.id, mr.iid)}/notes`, {
      token: owner.token,
      query: { sort: 'asc', per_page: 100 },
    })
    expect(res.status).toBe(200)
    return res.body.filter((note) => note.system)
  }

  /** Waits until the request has `count` system notes; returns them, oldest first. */
  async function waitForSystemNotes(mr: MergeRequestJson, count: number): Promise<NoteJson[]> {
    let notes: NoteJson[] = []
    await eventually(
      async () => {
        notes = await systemNotes(mr)
        return notes.length >= count
      },
      WORKER_TIMEOUT_MS,
      300,
    )
    expect(notes).toHaveLength(count)
    return notes
  }

  /** The id of the request's diff version at `head`. */
  async function versionAt(mr: MergeRequestJson, head: string): Promise<number> {
    const res = await api<DiffVersionJson[]>(mrPath(project.id, mr.iid, '/versions'), {
      token: owner.token,
    })
    expect(res.status).toBe(200)
    const version = res.body.find((v) => v.head_commit_sha === head)
    if (!version) throw new Error(`no version at ${head}: ${res.text}`)
    return version.id
  }

  const comparePath = (mr: MergeRequestJson, diffId: number, startSha: string) =>
    `/${project.path_with_namespace}/-/merge_requests/${mr.iid}/diffs?diff_id=${diffId}&start_sha=${startSha}`

  it('writes "added 1 commit" by the pusher after a commit through the commits API', async () => {
    const { mr, branch, head } = await openMergeRequest(owner.token, project.id)
    await waitForDiff(owner.token, project.id, mr.iid, head)
    // Creating the request leaves no such note.
    expect(await systemNotes(mr)).toEqual([])

    const pushed = await commitTo(
      developer.token,
      project.id,
      branch,
      [{ action: 'create', file_path: 'second.txt', content: 'two\n' }],
      'Add <second> file & more',
    )
    const [note] = await waitForSystemNotes(mr, 1)
    await waitForDiff(owner.token, project.id, mr.iid, pushed)
    const diffId = await versionAt(mr, pushed)
    expect(note?.body).toBe(
      [
        'added 1 commit',
        `<ul><li>${pushed.slice(0, 8)} - Add &lt;second&gt; file &amp; more</li></ul>`,
        `[Compare with previous version](${comparePath(mr, diffId, head)})`,
      ].join('\n\n'),
    )
    expect(note).toEqual(
      expect.objectContaining({
        system: true,
        author: expect.objectContaining({ id: developer.user.id }),
        noteable_id: mr.id,
        type: null,
      }),
    )
    // A system note is no user note.
    expect((await getMergeRequest(owner.token, project.id, mr.iid)).user_notes_count).toBe(0)
    // The diff collection that follows the push writes no second note.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(await systemNotes(mr)).toHaveLength(1)
  })

  it('lists the commits of a git push oldest first, folding all but the last ten', async () => {
    const { mr, branch, head } = await openMergeRequest(owner.token, project.id)
    await waitForDiff(owner.token, project.id, mr.iid, head)
    const shas: string[] = []
    await withTempDir(async (dir) => {
      const url = cloneUrl(project.path_with_namespace, {
        username: developer.user.username,
        token: developer.token,
      })
      await gitOk(['clone', '-q', '--branch', branch, url, 'wt'], dir)
      const wt = `${dir}/wt`
      for (let i = 1; i <= 12; i++) {
        shas.push(await commitFile(wt, `file-${i}.txt`, `${i}\n`, `Step ${i}\n\nBody ${i}`))
      }
      await gitOk(['push', '-q', 'origin', branch], wt)
    })
    const last = shas[shas.length - 1] as string
    const [note] = await waitForSystemNotes(mr, 1)
    await waitForDiff(owner.token, project.id, mr.iid, last)
    const diffId = await versionAt(mr, last)
    const listed = shas
      .slice(2)
      .map((sha, i) => `<li>${sha.slice(0, 8)} - Step ${i + 3}</li>`)
      .join('')
    expect(note?.body).toBe(
      [
        'added 12 commits',
        `<ul><li>${head.slice(0, 8)}...${(shas[1] as string).slice(0, 8)} - 2 earlier commits</li>${listed}</ul>`,
        `[Compare with previous version](${comparePath(mr, diffId, head)})`,
      ].join('\n\n'),
    )
    expect(note?.author.id).toBe(developer.user.id)
  })

  it('writes no note for a push to a closed request', async () => {
    const { mr, branch, head } = await openMergeRequest(owner.token, project.id)
    await waitForDiff(owner.token, project.id, mr.iid, head)
    const closed = await api(mrPath(project.id, mr.iid), {
      method: 'PUT',
      token: owner.token,
      body: { state_event: 'close' },
    })
    expect(closed.status).toBe(200)
    await commitTo(owner.token, project.id, branch, [
      { action: 'create', file_path: 'late.txt', content: 'late\n' },
    ])
    // A later request from another branch gets its note, so the worker has drained this push.
    const other = await openMergeRequest(owner.token, project.id)
    await waitForDiff(owner.token, project.id, other.mr.iid, other.head)
    await commitTo(owner.token, project.id, other.branch, [
      { action: 'create', file_path: 'other.txt', content: 'other\n' },
    ])
    await waitForSystemNotes(other.mr, 1)
    expect(await systemNotes(mr)).toEqual([])
  })
})
