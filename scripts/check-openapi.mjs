#!/usr/bin/env node
// Validates the gateway's OpenAPI document (as GET /api/v4/openapi.json serves it) against the
// OpenAPI 3.1 schema with @seriousme/openapi-schema-validator, and checks that the generated
// entity schemas follow the presenters' types (scripts/gen-entity-schemas.mjs --check).
// Needs a build (tsc -b): the document is built from services/gateway/dist.
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Validator } from '@seriousme/openapi-schema-validator'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
execFileSync(process.execPath, [join(ROOT, 'scripts/gen-entity-schemas.mjs'), '--check'], {
  stdio: 'inherit',
})
const document = JSON.parse(
  execFileSync(process.execPath, [join(ROOT, 'services/gateway/dist/print-openapi.js')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }),
)
const validator = new Validator()
const result = await validator.validate(document)
if (validator.version !== '3.1') {
  console.error(`openapi.json: expected OpenAPI 3.1, the validator read ${validator.version}`)
  process.exit(1)
}
if (!result.valid) {
  console.error('openapi.json is not a valid OpenAPI 3.1 document:')
  console.error(JSON.stringify(result.errors, null, 2))
  process.exit(1)
}
console.log(`openapi.json: valid OpenAPI 3.1, ${Object.keys(document.paths).length} paths`)
