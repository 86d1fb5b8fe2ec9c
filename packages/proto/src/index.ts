// The only hand-written file of this package: re-exports the generated code.
export * from './gen/gitlab/common/v1/caller.js'
export * from './gen/gitlab/common/v1/errors.js'
export * from './gen/gitlab/common/v1/pagination.js'
export * from './gen/gitlab/identity/v1/users.js'
export * from './gen/gitlab/identity/v1/tokens.js'
export * from './gen/gitlab/identity/v1/groups.js'
export * from './gen/gitlab/identity/v1/members.js'
export * from './gen/gitlab/projects/v1/events.js'
