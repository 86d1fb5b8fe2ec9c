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
  // One merge request: read, written, merged, (un)subscribed.
  ['GET', /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid$/, 'MergeRequest'],
  ['POST', /^\/api\/v4\/projects\/:id\/merge_requests$/, 'MergeRequest'],
  [
    'PUT',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid(\/merge)?$/,
    'MergeRequest',
  ],
  [
    'POST',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/(subscribe|unsubscribe)$/,
    'MergeRequest',
  ],
  [
    'GET',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/notes(\/:note_id)?$/,
    'Note',
  ],
  ['POST', /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/notes$/, 'Note'],
  [
    'PUT',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/notes\/:note_id$/,
    'Note',
  ],
  [
    'POST',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/discussions\/:discussion_id\/notes$/,
    'Note',
  ],
  [
    'GET',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/discussions\/:discussion_id\/notes\/:note_id$/,
    'Note',
  ],
  [
    'PUT',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/discussions\/:discussion_id\/notes\/:note_id$/,
    'Note',
  ],
  [
    'GET',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/discussions(\/:discussion_id)?$/,
    'Discussion',
  ],
  [
    'POST',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/discussions$/,
    'Discussion',
  ],
  [
    'PUT',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/discussions\/:discussion_id$/,
    'Discussion',
  ],
  [
    'GET',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/resource_state_events(\/:resource_event_id)?$/,
    'ResourceStateEvent',
  ],
  ['GET', /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/commits$/, 'Commit'],
  [
    'GET',
    /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/pipelines$/,
    'PipelineBasic',
  ],
  ['POST', /^\/api\/v4\/projects\/:id\/merge_requests\/:merge_request_iid\/pipelines$/, 'Pipeline'],
  ['POST', /^\/api\/v4\/projects\/:id\/statuses\/:sha$/, 'CommitStatus'],
  ['GET', /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/statuses$/, 'CommitStatus'],
  // The list shows Entities::Commit, one commit and a new one Entities::CommitDetail.
  ['GET', /^\/api\/v4\/projects\/:id\/repository\/commits$/, 'Commit'],
  ['GET', /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha$/, 'CommitDetail'],
  ['POST', /^\/api\/v4\/projects\/:id\/repository\/commits$/, 'CommitDetail'],
  ['GET', /^\/api\/v4\/projects\/:id\/repository\/branches(\/:branch)?$/, 'Branch'],
  ['POST', /^\/api\/v4\/projects\/:id\/repository\/branches$/, 'Branch'],
  ['GET', /^\/api\/v4\/projects\/:id\/repository\/tags(\/:tag_name)?$/, 'Tag'],
  ['POST', /^\/api\/v4\/projects\/:id\/repository\/tags$/, 'Tag'],
  ['GET', /^\/api\/v4\/((projects|users)\/:id\/)?events$/, 'Event'],
  ['GET', /^\/api\/v4\/projects\/:id\/hooks(\/:hook_id)?$/, 'ProjectHook'],
  ['POST', /^\/api\/v4\/projects\/:id\/hooks$/, 'ProjectHook'],
  ['PUT', /^\/api\/v4\/projects\/:id\/hooks\/:hook_id$/, 'ProjectHook'],
  ['GET', /^\/api\/v4\/projects\/:id\/hooks\/:hook_id\/events$/, 'WebHookLog'],
  ['GET', /^\/api\/v4\/projects\/:id\/protected_branches(\/:name)?$/, 'ProtectedBranch'],
  ['POST', /^\/api\/v4\/projects\/:id\/protected_branches$/, 'ProtectedBranch'],
  ['PATCH', /^\/api\/v4\/projects\/:id\/protected_branches\/:name$/, 'ProtectedBranch'],
  // Lists show PipelineBasicWithMetadata, one pipeline (or the latest) PipelineWithMetadata,
  // a created, triggered, retried or canceled one Pipeline.
  ['GET', /^\/api\/v4\/projects\/:id\/pipelines$/, 'PipelineBasicWithMetadata'],
  ['GET', /^\/api\/v4\/projects\/:id\/pipelines\/(:pipeline_id|latest)$/, 'PipelineWithMetadata'],
  ['POST', /^\/api\/v4\/projects\/:id\/(pipeline|trigger\/pipeline)$/, 'Pipeline'],
  ['POST', /^\/api\/v4\/projects\/:id\/pipelines\/:pipeline_id\/(cancel|retry)$/, 'Pipeline'],
  ['GET', /^\/api\/v4\/projects\/:id\/(jobs\/:job_id|pipelines\/:pipeline_id\/jobs)$/, 'Job'],
  ['POST', /^\/api\/v4\/projects\/:id\/jobs\/:job_id\/(play|cancel|retry)$/, 'Job'],
  ['GET', /^\/api\/v4\/job$/, 'Job'],
  // A commit's comments (lib/api/commits.rb) and discussions (discussions.rb).
  ['GET', /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/comments$/, 'CommitNote'],
  ['POST', /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/comments$/, 'CommitNote'],
  [
    'GET',
    /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/discussions(\/:discussion_id)?$/,
    'Discussion',
  ],
  ['POST', /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/discussions$/, 'Discussion'],
  [
    'POST',
    /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/discussions\/:discussion_id\/notes$/,
    'Note',
  ],
  ...['GET', 'PUT'].map(
    (method) =>
      [
        method,
        /^\/api\/v4\/projects\/:id\/repository\/commits\/:sha\/discussions\/:discussion_id\/notes\/:note_id$/,
        'Note',
      ] as const,
  ),
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
