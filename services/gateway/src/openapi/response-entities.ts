import { ENTITY_SCHEMAS } from './entity-schemas.generated.js'

/**
 * Which presenter's entity a route answers, for the routes whose entity type
 * is described (entity-types.ts); any other route's body is documented as a
 * JSON object. Keyed by method and Express template.
 */
const ROUTE_ENTITIES: readonly (readonly [string, RegExp, string])[] = [
  ['GET', /^\/api\/v4\/projects\/:id$/, 'ProjectOrSimple'],
  ['POST', /^\/api\/v4\/projects$/, 'Project'],
  ['PUT', /^\/api\/v4\/projects\/:id$/, 'Project'],
  ['GET', /^\/api\/v4\/(projects\/:id\/)?merge_requests$/, 'MergeRequestListed'],
  ['GET', /^\/api\/v4\/users\/:id$/, 'UserOrDetailsWithAdmin'],
  ['GET', /^\/api\/v4\/user$/, 'UserPublicOrWithAdmin'],
]

export function entityOf(method: string, path: string): string | undefined {
  return ROUTE_ENTITIES.find(([m, pattern]) => m === method && pattern.test(path))?.[2]
}

/** A union of generated schemas, by name. */
function anyOf(...names: string[]): Record<string, unknown> {
  return { anyOf: names.map((name) => ({ $ref: `#/components/schemas/${name}` })) }
}

/**
 * The generated schemas, plus the unions some routes answer: an anonymous
 * caller gets BasicProjectDetails, `view=simple` lists MergeRequestSimple, and
 * an admin sees a user with the admin fields.
 */
export function entitySchemas(): Record<string, unknown> {
  return {
    ...ENTITY_SCHEMAS,
    ProjectOrSimple: anyOf('Project', 'ProjectSimple'),
    MergeRequestListed: anyOf('MergeRequestBasic', 'MergeRequestSimple'),
    UserOrDetailsWithAdmin: anyOf('User', 'UserDetailsWithAdmin'),
    UserPublicOrWithAdmin: anyOf('UserPublic', 'UserWithAdmin'),
  }
}
