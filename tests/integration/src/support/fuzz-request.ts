import { Agent, request } from 'node:http'
import {
  encodeFields,
  fieldName,
  fuzzPath,
  type Field,
  type FuzzBody,
  type FuzzCase,
} from './fuzz-case'
import { expandText, jsonText } from './fuzz-values'

/** The tokens a fuzz request may carry. */
export interface FuzzTokens {
  admin: string
  user: string
  /** An alert integration's key, sent by the admin sender on the notify routes. */
  alertKey: string
}

export interface FuzzAnswer {
  /** 0 when no answer came (dropped connection, timeout). */
  status: number
  contentType: string
  text: string
  error?: string
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 })
const TIMEOUT_MS = 30_000
/** Link headers repeat the query string of a list request: room for a few long ones. */
const MAX_RESPONSE_HEADER_BYTES = 1024 * 1024
const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW'

function multipart(fields: readonly Field[], file: boolean): Buffer {
  const parts = fields.map((field) => {
    const name = fieldName(field)
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${expandText(field.value)}\r\n`
  })
  if (file) {
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\nnot a png\r\n',
    )
  }
  return Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`)
}

function encodedBody(body: FuzzBody): { contentType?: string; data?: Buffer; gzip?: boolean } {
  switch (body.kind) {
    case 'none':
      return {}
    case 'json':
      return { contentType: 'application/json', data: Buffer.from(jsonText(body.value)) }
    case 'form':
      return {
        contentType: 'application/x-www-form-urlencoded',
        data: Buffer.from(encodeFields(body.fields)),
      }
    case 'multipart':
      return {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        data: multipart(body.fields, body.file),
      }
    case 'raw':
      return { contentType: body.contentType, data: Buffer.from(body.text), gzip: body.gzip }
  }
}

function authorization(fuzz: FuzzCase, tokens: FuzzTokens): Record<string, string> {
  const notify = !fuzz.route.startsWith('/api/')
  switch (fuzz.sender) {
    case 'admin':
      return notify
        ? { Authorization: `Bearer ${tokens.alertKey}` }
        : { 'PRIVATE-TOKEN': tokens.admin }
    case 'user':
      return { 'PRIVATE-TOKEN': tokens.user }
    case 'none':
      return {}
  }
}

/**
 * Sends one fuzz case over plain HTTP: the path goes out as written (no URL
 * normalisation), and GET or DELETE may carry a body, as any client can send.
 */
export function sendFuzzCase(
  baseUrl: string,
  fuzz: FuzzCase,
  tokens: FuzzTokens,
): Promise<FuzzAnswer> {
  const url = new URL(baseUrl)
  const query = encodeFields(fuzz.query)
  const path = `${fuzzPath(fuzz.route, fuzz.segments)}${query ? `?${query}` : ''}`
  const { contentType, data, gzip } = encodedBody(fuzz.body)
  const headers: Record<string, string> = { ...authorization(fuzz, tokens) }
  if (contentType) headers['Content-Type'] = contentType
  if (gzip) headers['Content-Encoding'] = 'gzip'
  if (data) headers['Content-Length'] = String(data.length)
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path,
        headers,
        agent,
        maxHeaderSize: MAX_RESPONSE_HEADER_BYTES,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', (error) =>
          resolve({ status: 0, contentType: '', text: '', error: String(error) }),
        )
      },
    )
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)))
    req.on('error', (error) =>
      resolve({ status: 0, contentType: '', text: '', error: String(error) }),
    )
    req.end(data)
  })
}

/** Closes the fuzz's kept-alive connections. */
export function closeFuzzConnections(): void {
  agent.destroy()
}

function isGitLabError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const record = body as Record<string, unknown>
  if ('error_description' in record && typeof record['error'] !== 'string') return false
  return 'message' in record || 'error' in record
}

/**
 * What is wrong with an answer, or undefined: no 5xx (503 included), no
 * dropped connection, and every 4xx with a body is GitLab's JSON
 * (`{"message":..}` or `{"error":..}`, exactly `application/json`). The
 * notify routes may answer text/plain, as GitLab's rate limiter does there.
 */
export function problemWith(fuzz: FuzzCase, answer: FuzzAnswer): string | undefined {
  if (answer.status === 0) return `no answer: ${answer.error ?? 'unknown'}`
  if (answer.status >= 500) return `${answer.status}: ${answer.text.slice(0, 300)}`
  if (answer.status < 400 || answer.text === '') return undefined
  if (answer.contentType.startsWith('text/plain') && !fuzz.route.startsWith('/api/')) {
    return undefined
  }
  if (answer.contentType !== 'application/json') {
    return `${answer.status} as ${answer.contentType}: ${answer.text.slice(0, 200)}`
  }
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return `${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`
  }
  return isGitLabError(body)
    ? undefined
    : `${answer.status} not GitLab-shaped: ${answer.text.slice(0, 200)}`
}
