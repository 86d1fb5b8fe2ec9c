import { api } from './support/api'
import { uniqueName, type UserWithToken } from './support/factories'
import { FORBIDDEN, missing, notFound } from './support/gitlab-errors'
import { castRoles, commitFiles, projectForCast, projectWithReadme } from './support/projects'
import type { BranchJson, ProjectJson, TagJson } from './support/types'

// Commits a second apart for the updated order need more than jest's default 5 s.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const SHA = /^[0-9a-f]{40}$/
const TAG_NOT_FOUND = notFound('Tag')

async function createTag(
  token: string,
  projectId: number,
  params: { tag_name: string; ref: string; message?: string },
) {
  return api<TagJson>(`/projects/${projectId}/repository/tags`, {
    method: 'POST',
    token,
    body: params,
  })
}

describe('tags', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let mainSha: string

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme({ visibility: 'public' }))
    const main = await api<BranchJson>(`/projects/${project.id}/repository/branches/main`, {
      token: owner.token,
    })
    mainSha = main.body.commit.id
  })

  const tags = () => `/projects/${project.id}/repository/tags`

  describe('POST /projects/:id/repository/tags', () => {
    it('creates a lightweight tag (201): message and created_at null, target the commit', async () => {
      const name = uniqueName('light')
      const res = await createTag(owner.token, project.id, { tag_name: name, ref: 'main' })
      expect(res.status).toBe(201)
      expect(res.body).toEqual({
        name,
        message: null,
        target: mainSha,
        commit: expect.objectContaining({ id: mainSha }),
        release: null,
        protected: false,
        created_at: null,
      })
      expect(res.body.commit).toEqual(
        expect.objectContaining({
          id: mainSha,
          short_id: mainSha.slice(0, 8),
          title: 'Initial commit',
          message: expect.stringContaining('Initial commit'),
          author_name: owner.user.name,
          author_email: expect.any(String),
          committer_name: expect.any(String),
          committer_email: expect.any(String),
          parent_ids: [],
        }),
      )
      for (const field of ['created_at', 'authored_date', 'committed_date']) {
        expect(res.body.commit[field]).toMatch(ISO_TIME)
      }
    })

    it('creates an annotated tag when given a message: target the tag object, created_at set', async () => {
      const name = uniqueName('annotated')
      const before = Date.now()
      const res = await createTag(owner.token, project.id, {
        tag_name: name,
        ref: 'main',
        message: 'Release notes',
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name,
        message: 'Release notes',
        release: null,
        protected: false,
        commit: { id: mainSha },
      })
      expect(res.body.target).toMatch(SHA)
      expect(res.body.target).not.toBe(mainSha)
      expect(res.body.created_at).toMatch(ISO_TIME)
      expect(Date.parse(res.body.created_at as string)).toBeGreaterThan(before - 60_000)
    })

    it('takes a SHA, a branch and a tag as ref', async () => {
      const base = uniqueName('base')
      await createTag(owner.token, project.id, { tag_name: base, ref: mainSha })
      for (const ref of [mainSha, mainSha.slice(0, 12), 'main', base]) {
        const res = await createTag(owner.token, project.id, { tag_name: uniqueName('ref'), ref })
        expect([ref, res.status, res.body.commit?.id]).toEqual([ref, 201, mainSha])
      }
    })

    it('takes its parameters from the query string', async () => {
      const name = uniqueName('query')
      const res = await api<TagJson>(tags(), {
        method: 'POST',
        token: owner.token,
        query: { tag_name: name, ref: 'main', message: 'From the query' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ name, message: 'From the query' })
    })

    it('takes names with slashes; GET finds them URL-encoded', async () => {
      const name = `release/${uniqueName('r')}`
      expect(
        (await createTag(owner.token, project.id, { tag_name: name, ref: 'main' })).status,
      ).toBe(201)
      const res = await api<TagJson>(`${tags()}/${encodeURIComponent(name)}`, {
        token: owner.token,
      })
      expect(res.status).toBe(200)
      expect(res.body.name).toBe(name)
    })

    it('answers 405 "Tag <name> already exists" for an existing tag', async () => {
      const name = uniqueName('twice')
      await createTag(owner.token, project.id, { tag_name: name, ref: 'main' })
      const res = await createTag(owner.token, project.id, { tag_name: name, ref: 'main' })
      expect(res.status).toBe(405)
      expect(res.body).toEqual({ message: `Tag ${name} already exists` })
    })

    it.each(['no-such-branch', '0'.repeat(40), 'a..b', '--upload-pack=x', '../../etc/passwd'])(
      'answers 405 "Target <ref> is invalid" for the ref %j',
      async (ref) => {
        const res = await createTag(owner.token, project.id, { tag_name: uniqueName('t'), ref })
        expect(res.status).toBe(405)
        expect(res.body).toEqual({ message: `Target ${ref} is invalid` })
      },
    )

    it.each([
      'bad..name',
      'with space',
      'x.lock',
      '-dash',
      'a~b',
      'a:b',
      'a?b',
      'a*b',
      'a[b',
      'end/',
      'HEAD',
    ])('answers 405 "Tag name invalid" for %j', async (name) => {
      const res = await createTag(owner.token, project.id, { tag_name: name, ref: 'main' })
      expect(res.status).toBe(405)
      expect(res.body).toEqual({ message: 'Tag name invalid' })
    })

    it('answers 400 "tag_name is missing" and "ref is missing"', async () => {
      const noName = await api(tags(), {
        method: 'POST',
        token: owner.token,
        body: { ref: 'main' },
      })
      expect(noName.status).toBe(400)
      expect(noName.body).toEqual(missing('tag_name'))
      const noRef = await api(tags(), {
        method: 'POST',
        token: owner.token,
        body: { tag_name: uniqueName('noref') },
      })
      expect(noRef.status).toBe(400)
      expect(noRef.body).toEqual(missing('ref'))
    })

    it('a huge tag name or message gets a 4xx, never a 5xx', async () => {
      const res = await createTag(owner.token, project.id, {
        tag_name: `v${'9'.repeat(5000)}`,
        ref: 'main',
      })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      const nul = await createTag(owner.token, project.id, {
        tag_name: 'nul\u0000byte',
        ref: 'main',
      })
      expect(nul.status).toBeGreaterThanOrEqual(400)
      expect(nul.status).toBeLessThan(500)
    })
  })

  describe('reading', () => {
    it('GET one tag; 404 "Tag Not Found" for an unknown one', async () => {
      const name = uniqueName('one')
      await createTag(owner.token, project.id, { tag_name: name, ref: 'main', message: 'One' })
      const res = await api<TagJson>(`${tags()}/${name}`, { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ name, message: 'One', commit: { id: mainSha } })
      const unknown = await api(`${tags()}/no-such-tag`, { token: owner.token })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(TAG_NOT_FOUND)
    })

    it('odd tag names in the path and huge paging parameters get a 4xx or a capped page', async () => {
      for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E', 'x'.repeat(3000), 'a%00b']) {
        const res = await api(`${tags()}/${name}`, { token: owner.token })
        expect([name.slice(0, 20), res.status >= 400 && res.status < 500]).toEqual([
          name.slice(0, 20),
          true,
        ])
      }
      const capped = await api<TagJson[]>(tags(), {
        token: owner.token,
        query: { per_page: 1_000_000 },
      })
      expect(capped.status).toBe(200)
      expect(capped.headers.get('x-per-page')).toBe('100')
      const search = await api<TagJson[]>(tags(), {
        token: owner.token,
        query: { search: `^${'(['.repeat(500)}$` },
      })
      expect(search.status).toBe(200)
      expect(search.body).toEqual([])
    })

    it('reads tags of a public project without a token', async () => {
      const name = uniqueName('anon')
      await createTag(owner.token, project.id, { tag_name: name, ref: 'main' })
      const list = await api<TagJson[]>(tags(), { query: { search: name } })
      expect(list.status).toBe(200)
      expect(list.body.map((t) => t.name)).toEqual([name])
      const one = await api<TagJson>(`${tags()}/${name}`)
      expect(one.status).toBe(200)
    })

    it('hides tags of a private project: 404 "Project Not Found" to outsiders, 403 to a Reporter creating one', async () => {
      const cast = await castRoles()
      const priv = await projectForCast(cast, { initialize_with_readme: true })
      const anonymous = await api(`/projects/${priv.id}/repository/tags`)
      expect(anonymous.status).toBe(404)
      expect(anonymous.body).toEqual(notFound('Project'))
      const stranger = await api(`/projects/${priv.id}/repository/tags`, {
        token: cast.stranger.token,
      })
      expect(stranger.status).toBe(404)
      // lib/api/tags.rb: authorize_read_code!; a Guest of a private project has no read_code
      const guestRead = await api(`/projects/${priv.id}/repository/tags`, {
        token: cast.guest.token,
      })
      expect(guestRead.status).toBe(403)
      expect(guestRead.body).toEqual(FORBIDDEN)
      const reporterRead = await api(`/projects/${priv.id}/repository/tags`, {
        token: cast.reporter.token,
      })
      expect(reporterRead.status).toBe(200)
      const reporterCreate = await createTag(cast.reporter.token, priv.id, {
        tag_name: uniqueName('rep'),
        ref: 'main',
      })
      expect(reporterCreate.status).toBe(403)
      expect(reporterCreate.body).toEqual(FORBIDDEN)
      const developerCreate = await createTag(cast.developer.token, priv.id, {
        tag_name: uniqueName('dev'),
        ref: 'main',
      })
      expect(developerCreate.status).toBe(201)
    })

    it('signature of an unsigned tag: 404 {"message":"404 Signature Not Found"}', async () => {
      const name = uniqueName('unsigned')
      await createTag(owner.token, project.id, { tag_name: name, ref: 'main', message: 'Plain' })
      const res = await api(`${tags()}/${name}/signature`, { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.body).toEqual(notFound('Signature'))
      const unknown = await api(`${tags()}/no-such-tag/signature`, { token: owner.token })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(TAG_NOT_FOUND)
    })
  })

  describe('DELETE /projects/:id/repository/tags/:tag_name', () => {
    it('deletes (204); the tag is then not found (404)', async () => {
      const name = uniqueName('gone')
      await createTag(owner.token, project.id, { tag_name: name, ref: 'main', message: 'bye' })
      const del = await api(`${tags()}/${name}`, { method: 'DELETE', token: owner.token })
      expect(del.status).toBe(204)
      expect(del.text).toBe('')
      const get = await api(`${tags()}/${name}`, { token: owner.token })
      expect(get.status).toBe(404)
      expect(get.body).toEqual(TAG_NOT_FOUND)
      const again = await api(`${tags()}/${name}`, { method: 'DELETE', token: owner.token })
      expect(again.status).toBe(404)
      expect(again.body).toEqual(TAG_NOT_FOUND)
    })
  })

  describe('ordering and search', () => {
    let ordered: ProjectJson
    let orderedOwner: UserWithToken

    // Lightweight tags on three commits made a second or more apart (their
    // "updated" time), named so that name, version and updated orders all differ.
    const byUpdatedAsc = ['v1.2.10', 'v1.10.0', 'v1.2.9']
    const byNameAsc = ['v1.10.0', 'v1.2.10', 'v1.2.9']
    const byVersionAsc = ['v1.2.9', 'v1.2.10', 'v1.10.0']

    beforeAll(async () => {
      ;({ owner: orderedOwner, project: ordered } = await projectWithReadme())
      const shas: string[] = []
      for (const [index, name] of byUpdatedAsc.entries()) {
        // git dates have a resolution of one second
        await new Promise((resolve) => setTimeout(resolve, 1100))
        const commit = await commitFiles(orderedOwner.token, ordered.id, 'main', [
          { action: 'create', file_path: `file-${index}.txt`, content: `${index}\n` },
        ])
        shas.push(commit.id)
        const res = await createTag(orderedOwner.token, ordered.id, {
          tag_name: name,
          ref: commit.id,
        })
        if (res.status !== 201) throw new Error(`tag ${name}: ${res.status} ${res.text}`)
      }
    })

    async function names(query: Record<string, string>): Promise<string[]> {
      const res = await api<TagJson[]>(`/projects/${ordered.id}/repository/tags`, {
        token: orderedOwner.token,
        query,
      })
      expect(res.status).toBe(200)
      return res.body.map((t) => t.name)
    }

    it('defaults to order_by=updated, sort=desc', async () => {
      expect(await names({})).toEqual([...byUpdatedAsc].reverse())
    })

    it.each([
      ['updated', 'asc', byUpdatedAsc],
      ['updated', 'desc', [...byUpdatedAsc].reverse()],
      ['name', 'asc', byNameAsc],
      ['name', 'desc', [...byNameAsc].reverse()],
      ['version', 'asc', byVersionAsc],
      ['version', 'desc', [...byVersionAsc].reverse()],
    ])('order_by=%s sort=%s', async (orderBy, sort, expected) => {
      expect(await names({ order_by: orderBy, sort })).toEqual(expected)
    })

    it('answers 400 for an order_by or sort GitLab does not have', async () => {
      const order = await api(`/projects/${ordered.id}/repository/tags`, {
        token: orderedOwner.token,
        query: { order_by: 'size' },
      })
      expect(order.status).toBe(400)
      expect(order.body).toEqual({ error: 'order_by does not have a valid value' })
      const sort = await api(`/projects/${ordered.id}/repository/tags`, {
        token: orderedOwner.token,
        query: { sort: 'up' },
      })
      expect(sort.status).toBe(400)
      expect(sort.body).toEqual({ error: 'sort does not have a valid value' })
    })

    it('search: substring, ^prefix, suffix$ and both', async () => {
      expect((await names({ search: '10', order_by: 'name', sort: 'asc' })).sort()).toEqual(
        ['v1.10.0', 'v1.2.10'].sort(),
      )
      expect(await names({ search: '^v1.2', order_by: 'name', sort: 'asc' })).toEqual([
        'v1.2.10',
        'v1.2.9',
      ])
      expect(await names({ search: '.9$' })).toEqual(['v1.2.9'])
      // app/finders/git_refs_finder.rb: ^ and $ anchor together, and search ignores case
      expect(await names({ search: '^v1.10.0$' })).toEqual(['v1.10.0'])
      expect(await names({ search: '^v1.10$' })).toEqual([])
      expect(await names({ search: 'V1.2.9' })).toEqual(['v1.2.9'])
      expect(await names({ search: '^nothing' })).toEqual([])
    })

    it('paginates with GitLab headers', async () => {
      const res = await api<TagJson[]>(`/projects/${ordered.id}/repository/tags`, {
        token: orderedOwner.token,
        query: { order_by: 'name', sort: 'asc', per_page: 2, page: 2 },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((t) => t.name)).toEqual(['v1.2.9'])
      expect(res.headers.get('x-page')).toBe('2')
      expect(res.headers.get('x-per-page')).toBe('2')
    })
  })
})
