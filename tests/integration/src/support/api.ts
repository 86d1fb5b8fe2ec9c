import { baseUrl } from './suite-state'

export type ParamValue = string | number | boolean | null | undefined | (string | number)[]
export type Params = Record<string, ParamValue>

export interface ApiOptions {
  method?: string
  /** Sent as PRIVATE-TOKEN unless `auth` says otherwise. */
  token?: string
  auth?: 'private-token' | 'bearer' | 'private_token' | 'access_token'
  /** Serialised as JSON with Content-Type application/json. */
  body?: unknown
  /** Serialised as application/x-www-form-urlencoded (arrays as name[]=v). */
  form?: Params
  /** Sent verbatim, with `contentType`. */
  rawBody?: string
  contentType?: string
  query?: Params
  headers?: Record<string, string>
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  /** Parsed JSON when the response says application/json, else undefined. */
  body: T
  text: string
}

/** Encodes parameters the way GitLab clients do: arrays as `name[]=value`. */
export function encodeParams(params: Params): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value) search.append(`${key}[]`, String(item))
    } else {
      search.append(key, String(value))
    }
  }
  return search
}

/** An absolute URL for a path under /api/v4 (or, starting with /-/ or /metrics, at the root). */
export function apiUrl(path: string, query?: Params): string {
  const rooted = path.startsWith('/api/') || path.startsWith('/-/') || path === '/metrics'
  const url = new URL(`${baseUrl()}${rooted ? '' : '/api/v4'}${path}`)
  if (query) {
    for (const [key, value] of encodeParams(query)) url.searchParams.append(key, value)
  }
  return url.toString()
}

/** One HTTP call to the suite, the way any GitLab client would make it. */
export async function api<T = unknown>(
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const query: Params = { ...options.query }
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) {
    switch (options.auth ?? 'private-token') {
      case 'private-token':
        headers['PRIVATE-TOKEN'] = options.token
        break
      case 'bearer':
        headers['Authorization'] = `Bearer ${options.token}`
        break
      case 'private_token':
        query['private_token'] = options.token
        break
      case 'access_token':
        query['access_token'] = options.token
        break
    }
  }

  let body: string | undefined
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['Content-Type'] = 'application/json'
  } else if (options.form !== undefined) {
    body = encodeParams(options.form).toString()
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
  } else if (options.rawBody !== undefined) {
    body = options.rawBody
    if (options.contentType) headers['Content-Type'] = options.contentType
  }

  const url = path.startsWith('http') ? path : apiUrl(path, query)
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  const parsed: unknown =
    contentType.startsWith('application/json') && text !== '' ? JSON.parse(text) : undefined
  return { status: response.status, headers: response.headers, body: parsed as T, text }
}

/** Polls until `check` returns true or the time is up; returns the last result of `check`. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 10_000,
  intervalMs = 250,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
