// `@suite/runtime/testing`: helpers for tests only. Nothing outside tests imports this entry,
// and the image leaves dist/testing out (Dockerfile).
export * from './linear-growth.js'
export * from './test-schema.js'
export * from './json-service.js'
export * from './branch-update.js'
