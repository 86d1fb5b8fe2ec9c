import type { Request, Response } from 'express'
import type { Readable } from 'node:stream'
import { FLUSH_ALL, type ChangeTag } from '@suite/runtime'
import type { Principal } from '../auth/principal.js'
import { matchesEtag, strongEtag, type CachedResponse } from './response-cache.js'

/** A route's answer before it is sent: what the cache keeps and what a write evicts. */
export interface Reply {
  status: number
  /** JSON to send; undefined for no body. */
  json?: unknown
  /** A text/plain body instead of JSON. */
  text?: Buffer
  /** Bytes streamed as they come (an archive), never cached. */
  stream?: Readable
  headers?: Readonly<Record<string, string>>
  /** The project or group `:id` named, once resolved. */
  projectId?: number
  groupId?: number
  /** Who asked: a write's author turns sticky. */
  actorId?: number
}

/** Credentials in the query string stay out of cache keys (raw tokens are never held). */
const TOKEN_PARAM = /([?&])(?:private_token|access_token)=[^&]*/g

/** The cache key: who asks, as what, and the URL as received. */
export function cacheKey(principal: Principal, url: string): string {
  const withoutToken = url.includes('token=') ? url.replace(TOKEN_PARAM, '$1') : url
  return `${principal.user?.id ?? 0}:${principal.token?.id ?? 0}:${principal.sudo ? 1 : 0}:${withoutToken}`
}

const PROJECT_ID_KEYS = ['project_id', 'source_project_id', 'target_project_id'] as const

/**
 * What a presented body shows, as change tags: every user (an object with an
 * id and a username), and every project (an object with path_with_namespace,
 * or a *project_id field), besides the viewer and the resolved project.
 */
export function dependencyTags(reply: Reply, principal: Principal): ChangeTag[] {
  const tags = new Set<ChangeTag>()
  if (principal.user) tags.add(`u:${principal.user.id}`)
  if (reply.projectId !== undefined) tags.add(`p:${reply.projectId}`)
  // A group's answer reaches into every project below it: group changes flush everything anyway.
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8 || typeof value !== 'object' || value === null) return
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    const id = record['id']
    if (typeof id === 'number') {
      if (typeof record['username'] === 'string') tags.add(`u:${id}`)
      if (typeof record['path_with_namespace'] === 'string') tags.add(`p:${id}`)
    }
    for (const key of PROJECT_ID_KEYS) {
      const projectId = record[key]
      if (typeof projectId === 'number') tags.add(`p:${projectId}`)
    }
    for (const child of Object.values(record)) visit(child, depth + 1)
  }
  visit(reply.json, 0)
  return [...tags]
}

/**
 * The tags a successful write through this gateway evicts at once (the
 * schema's triggers name the same rows again, a moment later):
 * - in a project: the project;
 * - in a group: everything, since it reaches every project below the group;
 * - elsewhere (a user, their tokens, a new project or group, which nothing
 *   cached shows yet): the writer and the users the path names by id.
 */
export function writtenTags(reply: Reply, pathUserIds: readonly number[] = []): ChangeTag[] {
  if (reply.groupId !== undefined) return [FLUSH_ALL]
  if (reply.projectId !== undefined) return [`p:${reply.projectId}`]
  const users = new Set<number>(pathUserIds)
  if (reply.actorId !== undefined) users.add(reply.actorId)
  return [...users].map((id): ChangeTag => `u:${id}`)
}

const USER_PATH = /^\/users?\/(\d+)(?:\/|$)/

/** The user a path under /users/:id names by number, if any (a username names no tag). */
export function pathUserIds(path: string): number[] {
  const match = USER_PATH.exec(path.replace(/^\/api\/v4/, ''))
  return match?.[1] === undefined ? [] : [Number(match[1])]
}

/** A JSON reply as it would be sent and cached. */
export function serializeReply(
  reply: Reply,
  tags: readonly string[],
  route: string,
): CachedResponse {
  const body = Buffer.from(JSON.stringify(reply.json))
  return { body, etag: strongEtag(body), headers: reply.headers ?? {}, tags, route }
}

/**
 * Sends a cached or cacheable answer with its strong ETag: `304` when the
 * client's If-None-Match names it. Express's weak ETag is not computed for it.
 */
export function sendCached(req: Request, res: Response, cached: CachedResponse): void {
  res.status(200).set(cached.headers)
  res.setHeader('ETag', cached.etag)
  res.setHeader('Content-Type', 'application/json')
  if (matchesEtag(req.headers['if-none-match'], cached.etag)) {
    res.status(304).end()
    return
  }
  res.setHeader('Content-Length', cached.body.length)
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  res.end(cached.body)
}
