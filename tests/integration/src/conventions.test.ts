import { api, encodeParams } from './support/api'
import { createGroup, createUser, uniqueName } from './support/factories'
import { invalid, notFound, ROUTE_NOT_FOUND } from './support/gitlab-errors'
import { baseUrl, rootToken } from './support/suite-state'
import type { GroupJson, UserJson } from './support/types'

/** Parses a Link header into [rel, url] pairs, in order, checking GitLab's exact shape. */
function parseLink(header: string | null): [string, URL][] {
  expect(header).toMatch(/^<[^>]+>; rel="\w+"(, <[^>]+>; rel="\w+")*$/)
  return [...String(header).matchAll(/<([^>]+)>; rel="(\w+)"/g)].map((m) => [
    String(m[2]),
    new URL(String(m[1])),
  ])
}

describe('conventions', () => {
  describe('errors', () => {
    it.each([
      ['GET', '/api/v4/no/such/route'],
      ['POST', '/api/v4/no_such_thing'],
      ['DELETE', '/api/v4/groups/1/no_such_thing'],
    ])('an unknown route answers 404 {"error":"404 Not Found"} (%s %s)', async (method, path) => {
      const res = await api(path, { method, token: rootToken() })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(ROUTE_NOT_FOUND)
      expect(res.headers.get('content-type')).toBe('application/json')
    })

    it('malformed JSON answers 400, not 500', async () => {
      const res = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        rawBody: '{"name": "x", "path": ',
        contentType: 'application/json',
      })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.body).toEqual({ error: expect.any(String) })
    })

    it('Content-Type is exactly application/json on successes and errors', async () => {
      for (const res of [
        await api('/user', { token: rootToken() }),
        await api('/user'),
        await api('/groups/999999999', { token: rootToken() }),
        await api('/users', { method: 'POST', token: rootToken(), body: {} }),
      ]) {
        expect(res.headers.get('content-type')).toBe('application/json')
      }
    })
  })

  describe('parameters', () => {
    it('are read the same from a JSON body, a form and a query string', async () => {
      const made: GroupJson[] = []
      for (const how of ['body', 'form', 'query'] as const) {
        const path = uniqueName(`via-${how}`)
        const params = {
          name: `Via ${how}`,
          path,
          description: `made by ${how}`,
          visibility: 'internal',
        }
        const res = await api<GroupJson>('/groups', {
          method: 'POST',
          token: rootToken(),
          [how]: params,
        })
        expect(res.status).toBe(201)
        made.push(res.body)
        expect(res.body).toMatchObject({
          name: `Via ${how}`,
          path,
          description: `made by ${how}`,
          visibility: 'internal',
        })
      }
      expect(new Set(made.map((g) => g.id)).size).toBe(3)
    })

    it.each([
      ['True', true],
      ['true', true],
      ['TRUE', true],
      ['t', true],
      ['1', true],
      ['yes', true],
      ['False', false],
      ['false', false],
      ['f', false],
      ['0', false],
      ['no', false],
    ])('accept the boolean spelling %j as %s', async (spelling, value) => {
      const path = uniqueName('bool')
      const res = await api<GroupJson>('/groups', {
        method: 'POST',
        token: rootToken(),
        form: { name: path, path, request_access_enabled: spelling, lfs_enabled: spelling },
      })
      expect(res.status).toBe(201)
      expect(res.body.request_access_enabled).toBe(value)
      expect(res.body.lfs_enabled).toBe(value)
    })

    it('answer 400 "<param> is invalid" for something that is not a boolean', async () => {
      const path = uniqueName('bool')
      const res = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        form: { name: path, path, request_access_enabled: 'maybe' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(invalid('request_access_enabled'))
    })

    it('answer 400 "<param> is invalid" for something that is not an integer', async () => {
      const perPage = await api('/users', { token: rootToken(), query: { per_page: 'abc' } })
      expect(perPage.status).toBe(400)
      expect(perPage.body).toEqual(invalid('per_page'))

      const page = await api('/groups', { token: rootToken(), query: { page: 'x1' } })
      expect(page.status).toBe(400)
      expect(page.body).toEqual(invalid('page'))

      const path = uniqueName('int')
      const parent = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: path, path, parent_id: 'abc' },
      })
      expect(parent.status).toBe(400)
      expect(parent.body).toEqual(invalid('parent_id'))
    })

    it('read arrays from name[]=value in a query string', async () => {
      const marker = uniqueName('arr')
      const groups = await Promise.all(
        [1, 2, 3].map((n) => createGroup(rootToken(), { name: `${marker} ${n}` })),
      )
      const [first, second, third] = groups as [GroupJson, GroupJson, GroupJson]
      const res = await api<GroupJson[]>('/groups', {
        token: rootToken(),
        query: { search: marker, skip_groups: [first.id, third.id] },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((g) => g.id)).toEqual([second.id])
    })
  })

  describe('pagination', () => {
    const marker = uniqueName('page')
    let ids: number[] = []

    beforeAll(async () => {
      const groups: GroupJson[] = []
      for (const n of [1, 2, 3, 4, 5]) {
        groups.push(await createGroup(rootToken(), { name: `${marker} ${n}` }))
      }
      ids = groups.map((g) => g.id)
    })

    it('sends X-Total, X-Total-Pages, X-Per-Page, X-Page, X-Next-Page, X-Prev-Page and Link', async () => {
      const res = await api<GroupJson[]>('/groups', {
        token: rootToken(),
        query: { search: marker, per_page: 2 },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((g) => g.id)).toEqual(ids.slice(0, 2))
      expect(res.headers.get('x-total')).toBe('5')
      expect(res.headers.get('x-total-pages')).toBe('3')
      expect(res.headers.get('x-per-page')).toBe('2')
      expect(res.headers.get('x-page')).toBe('1')
      expect(res.headers.get('x-next-page')).toBe('2')
      expect(res.headers.get('x-prev-page')).toBe('')

      const links = parseLink(res.headers.get('link'))
      expect(links.map(([rel]) => rel)).toEqual(['next', 'first', 'last'])
      const pages = Object.fromEntries(
        links.map(([rel, url]) => [rel, url.searchParams.get('page')]),
      )
      expect(pages).toEqual({ next: '2', first: '1', last: '3' })
      for (const [, url] of links) {
        expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl()}/api/v4/groups`)
        expect(url.searchParams.get('search')).toBe(marker)
        expect(url.searchParams.get('per_page')).toBe('2')
      }
    })

    it('a middle page links prev and next; the last page has no next', async () => {
      const middle = await api<GroupJson[]>('/groups', {
        token: rootToken(),
        query: { search: marker, per_page: 2, page: 2 },
      })
      expect(middle.body.map((g) => g.id)).toEqual(ids.slice(2, 4))
      expect(middle.headers.get('x-prev-page')).toBe('1')
      expect(middle.headers.get('x-next-page')).toBe('3')
      const middleLinks = parseLink(middle.headers.get('link'))
      expect(middleLinks.map(([rel, url]) => [rel, url.searchParams.get('page')])).toEqual([
        ['prev', '1'],
        ['next', '3'],
        ['first', '1'],
        ['last', '3'],
      ])

      const last = await api<GroupJson[]>('/groups', {
        token: rootToken(),
        query: { search: marker, per_page: 2, page: 3 },
      })
      expect(last.body.map((g) => g.id)).toEqual(ids.slice(4))
      expect(last.headers.get('x-next-page')).toBe('')
      expect(last.headers.get('x-prev-page')).toBe('2')
      expect(parseLink(last.headers.get('link')).map(([rel]) => rel)).toEqual([
        'prev',
        'first',
        'last',
      ])
    })

    it('following rel="next" verbatim walks every item once', async () => {
      const seen: number[] = []
      let url: string | undefined =
        `${baseUrl()}/api/v4/groups?${encodeParams({ search: marker, per_page: 2 }).toString()}`
      for (let hops = 0; url && hops < 10; hops += 1) {
        const res: Awaited<ReturnType<typeof api<GroupJson[]>>> = await api<GroupJson[]>(url, {
          token: rootToken(),
        })
        expect(res.status).toBe(200)
        seen.push(...res.body.map((g) => g.id))
        url = parseLink(res.headers.get('link'))
          .find(([rel]) => rel === 'next')?.[1]
          .toString()
      }
      expect(seen).toEqual(ids)
    })

    it('caps per_page at 100', async () => {
      const res = await api('/users', { token: rootToken(), query: { per_page: 1000 } })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-per-page')).toBe('100')
    })

    it('defaults per_page to 20', async () => {
      const res = await api('/groups', { token: rootToken(), query: { search: marker } })
      expect(res.headers.get('x-per-page')).toBe('20')
      expect(res.headers.get('x-total-pages')).toBe('1')
      expect(res.headers.get('x-next-page')).toBe('')
    })
  })

  describe('odd input never answers 5xx', () => {
    it.each([
      ['a huge user id', '/users/99999999999999999999'],
      ['a huge group id', '/groups/99999999999999999999'],
      ['a unicode group path', '/groups/%E2%9C%93%F0%9F%9A%80'],
      ['a 5000-character group path', `/groups/${'a'.repeat(5000)}`],
      ['a huge per_page', '/users?per_page=99999999999999999999'],
      ['a negative page', '/users?page=-1'],
      ['a page beyond int32', '/users?page=2147483648'],
      ['a huge page', '/groups?page=99999999999999999999'],
      ['malformed percent-encoding in :id', '/groups/%ZZ'],
      ['per_page=0', '/users?per_page=0'],
      ['a NUL byte in search', '/users?search=%00'],
      // Not longer: the Link header repeats the search four times and clients cap headers at 16 KB.
      ['a 1000-character search', `/users?search=${'z'.repeat(1000)}`],
      ['an emoji search', '/groups?search=%F0%9F%9A%80%C3%BC'],
    ])('GET with %s', async (_what, path) => {
      const res = await api(path, { token: rootToken() })
      expect(res.status).toBeLessThan(500)
    })

    it('an unknown huge id is a 404, not an overflow', async () => {
      const res = await api('/users/99999999999999999999', { token: rootToken() })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('User'))
    })

    it('a page beyond int32 is an empty page past the last one', async () => {
      const res = await api<UserJson[]>('/users?page=2147483648&per_page=5', {
        token: rootToken(),
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual([])
      expect(res.headers.get('x-page')).toBe('2147483648')
      expect(res.headers.get('x-next-page')).toBe('')
      expect(res.headers.get('x-prev-page')).toBe('')
    })

    it('an integer beyond an int32 column answers 400, not 500', async () => {
      const user = await createUser()
      for (const field of ['projects_limit', 'theme_id', 'color_scheme_id']) {
        const res = await api(`/users/${user.id}`, {
          method: 'PUT',
          token: rootToken(),
          body: { [field]: 2 ** 31 },
        })
        expect(res.status).toBe(400)
        expect(res.body).toEqual({ error: `${field} does not have a valid value` })
      }
      const group = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: {
          name: 'g',
          path: uniqueName('int32'),
          two_factor_grace_period: '99999999999999999999',
        },
      })
      expect(group.status).toBe(400)
    })

    it('a gzip-encoded body that is not gzip is a 400', async () => {
      const res = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        rawBody: '{"name":"x","path":"x"}',
        contentType: 'application/json',
        headers: { 'Content-Encoding': 'gzip' },
      })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/json')
    })

    it('a path that is not valid percent-encoding is a 400', async () => {
      const res = await api('/groups/%ZZ/members', { token: rootToken() })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.body).toEqual({ message: '400 Bad Request' })
    })

    it('a very long group name is refused with 400', async () => {
      const path = uniqueName('long')
      const res = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: 'n'.repeat(10_000), path },
      })
      expect(res.status).toBe(400)
    })

    it('a unicode name round-trips exactly', async () => {
      const name = `Ünïcødé Grüppe 🚀 ${uniqueName('u')}`
      const group = await createGroup(rootToken(), { name })
      expect(group.name).toBe(name)
      const shown = await api<GroupJson>(`/groups/${group.id}`, { token: rootToken() })
      expect(shown.body.name).toBe(name)
    })

    it('wrong JSON types answer 4xx', async () => {
      for (const body of [
        { name: ['a'], path: uniqueName('t') },
        { name: { a: 1 }, path: uniqueName('t') },
        { name: 'ok', path: uniqueName('t'), parent_id: { id: 1 } },
        { name: 'ok', path: uniqueName('t'), visibility: 12 },
      ]) {
        const res = await api('/groups', { method: 'POST', token: rootToken(), body })
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
      }
    })

    it('a JSON array or scalar as the body answers 4xx', async () => {
      for (const rawBody of ['[1,2,3]', '"text"', 'null', '42']) {
        const res = await api<UserJson>('/groups', {
          method: 'POST',
          token: rootToken(),
          rawBody,
          contentType: 'application/json',
        })
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
      }
    })
  })
})
