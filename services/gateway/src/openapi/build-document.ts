import type { Param } from '../params/param.js'
import { routeArea } from '../route-areas.js'
import type { RouteEntry } from '../route-table.js'
import { entityOf, entitySchemas } from './response-entities.js'

type Schema = Record<string, unknown>

/** Express `:param` (and `*param`) as OpenAPI's `{param}`. */
export function openapiPath(expressPath: string): string {
  return expressPath.replace(/[:*]([A-Za-z_]+)/g, '{$1}')
}

/** A stable operationId from method and path: `get_projects_id_merge_requests`. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v4/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return [method.toLowerCase(), ...words].join('_')
}

function schemaOf(param: Param<unknown, boolean> | undefined): Schema {
  if (!param) return { type: 'string' }
  const schema: Schema = { ...param.schema }
  if (param.fallback !== undefined && !(param.fallback instanceof Date)) {
    schema['default'] = param.fallback
  }
  return schema
}

const PAGINATION_HEADERS = Object.fromEntries(
  ['X-Total', 'X-Total-Pages', 'X-Per-Page', 'X-Page', 'X-Next-Page', 'X-Prev-Page', 'Link'].map(
    (name) => [
      name,
      {
        description:
          name === 'Link'
            ? 'prev, next, first and last page URLs (keyset lists: next only)'
            : 'GitLab offset pagination (left out when the total is unknown or keyset is used)',
        schema: { type: 'string' },
      },
    ],
  ),
)

/** GitLab's error bodies: Grape's `{"error": ...}` and the API's `{"message": ...}`. */
const ERROR_SCHEMA = {
  oneOf: [
    {
      type: 'object',
      required: ['message'],
      properties: { message: { type: ['string', 'object', 'array'] } },
    },
    {
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'string' }, error_description: { type: 'string' } },
    },
  ],
}

const ERROR_STATUSES = [
  ['400', 'Bad request (a parameter is missing or invalid)'],
  ['401', 'Unauthorized'],
  ['403', 'Forbidden'],
  ['404', 'Not found'],
] as const

const ERRORS = Object.fromEntries(
  ERROR_STATUSES.map(([status]) => [status, { $ref: `#/components/responses/Error${status}` }]),
)

function successStatus(entry: RouteEntry): number {
  const op = entry.operation
  if (op?.status !== undefined) return op.status
  const hasBody = op ? op.body !== 'none' : true
  if (entry.method === 'POST') return hasBody ? 201 : 204
  return hasBody ? 200 : 204
}

function success(entry: RouteEntry): Schema {
  const op = entry.operation
  const status = successStatus(entry)
  if (op?.body === 'none' || status === 204) return { description: 'No content' }
  if (op?.body === 'text') {
    return { description: 'Text', content: { 'text/plain': { schema: { type: 'string' } } } }
  }
  if (op?.body === 'binary') {
    const schema = { type: 'string', format: 'binary' }
    return { description: 'Bytes', content: { 'application/octet-stream': { schema } } }
  }
  if (op?.entity !== undefined && !(op.entity in entitySchemas())) {
    throw new Error(`${entry.method} ${entry.path}: no entity schema ${op.entity}`)
  }
  const entity = op?.entity ?? entityOf(entry.method, entry.path)
  const item: Schema = entity ? { $ref: `#/components/schemas/${entity}` } : { type: 'object' }
  if (op?.list) {
    return {
      description: entity ? `A page of ${entity}` : 'A page of objects',
      headers: PAGINATION_HEADERS,
      content: { 'application/json': { schema: { type: 'array', items: item } } },
    }
  }
  return {
    description: entity ?? (op ? 'JSON' : 'Answer'),
    content: { 'application/json': { schema: item } },
  }
}

function operation(entry: RouteEntry): Schema {
  const shape = entry.operation?.shape ?? {}
  const inPath = [...entry.path.matchAll(/[:*]([A-Za-z_]+)/g)].map((match) => match[1] ?? '')
  const parameters: Schema[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: shape[name]?.schema ?? { type: 'string' },
  }))
  const rest = Object.entries(shape).filter(([name]) => !inPath.includes(name))
  const out: Schema = {
    operationId: operationId(entry.method, entry.path),
    tags: [routeArea(entry)],
    parameters,
  }
  if (['POST', 'PUT', 'PATCH'].includes(entry.method)) {
    if (rest.length > 0) {
      const body = {
        type: 'object',
        properties: Object.fromEntries(rest.map(([name, param]) => [name, schemaOf(param)])),
        required: rest.filter(([, param]) => param.isRequired).map(([name]) => name),
      }
      out['requestBody'] = {
        required: body.required.length > 0,
        content: {
          'application/json': { schema: body },
          'application/x-www-form-urlencoded': { schema: body },
        },
      }
    }
  } else {
    for (const [name, param] of rest) {
      parameters.push({ name, in: 'query', required: param.isRequired, schema: schemaOf(param) })
    }
  }
  out['responses'] = { [String(successStatus(entry))]: success(entry), ...ERRORS }
  return out
}

/**
 * The OpenAPI 3.1 document of the routes the gateway answers, built from its
 * own route table, so it documents what is served and nothing else.
 */
export function buildDocument(routes: readonly RouteEntry[], serverUrl: string): Schema {
  const paths: Record<string, Record<string, Schema>> = {}
  for (const entry of routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].includes(entry.method)) continue
    const path = openapiPath(entry.path)
    paths[path] ??= {}
    paths[path][entry.method.toLowerCase()] = operation(entry)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'GitLab-compatible REST API v4',
      version: '4',
      description: "The routes this suite serves, generated from the gateway's route declarations.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { ...entitySchemas(), Error: ERROR_SCHEMA },
      responses: Object.fromEntries(
        ERROR_STATUSES.map(([status, description]) => [
          `Error${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
      securitySchemes: {
        privateToken: { type: 'apiKey', in: 'header', name: 'PRIVATE-TOKEN' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    security: [{}, { privateToken: [] }, { bearer: [] }],
  }
}
