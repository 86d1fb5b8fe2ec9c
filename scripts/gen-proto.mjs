// Generates packages/proto/src/gen from proto/ with buf and ts-proto.
// With --check it generates into a temporary folder and fails if the committed
// output differs, so CI catches hand edits and stale generated code.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, cpSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const committed = join(root, 'packages/proto/src/gen')
const check = process.argv.includes('--check')
const buf = join(root, 'node_modules/.bin/buf')

function generate(out) {
  const template = readFileSync(join(root, 'proto/buf.gen.yaml'), 'utf8')
    .replace(
      '../node_modules/.bin/protoc-gen-ts_proto',
      join(root, 'node_modules/.bin/protoc-gen-ts_proto'),
    )
    .replace('out: ../packages/proto/src/gen', `out: ${out}`)
  execFileSync(buf, ['generate', '--template', template], {
    cwd: join(root, 'proto'),
    stdio: 'inherit',
  })
}

function listFiles(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path, base) : [relative(base, path)]
  })
}

const scratch = mkdtempSync(join(tmpdir(), 'proto-gen-'))
try {
  generate(scratch)
  if (check) {
    const fresh = listFiles(scratch).sort()
    const old = listFiles(committed).sort()
    const differ =
      fresh.join('\n') !== old.join('\n') ||
      fresh.some(
        (f) => readFileSync(join(scratch, f), 'utf8') !== readFileSync(join(committed, f), 'utf8'),
      )
    if (differ) {
      console.error(
        'packages/proto/src/gen is out of date: run `npm run gen` and commit the result',
      )
      process.exit(1)
    }
  } else {
    rmSync(committed, { recursive: true, force: true })
    cpSync(scratch, committed, { recursive: true })
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
