import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSmallBlobs } from './blob-reader.js'
import { isGeneratedContent, mayBeGeneratedContent } from '../domain/generated-content.js'
import type { Repo } from '../store/repository-store.js'

/** Extensions that are always generated (linguist / go-enry, which Gitaly uses). */
const GENERATED_EXTENSIONS = ['.nib', '.xcworkspacedata', '.xcuserstate']

/** go-enry's generated-path rules (GeneratedCodeNameMatchers): lock files, vendored trees... */
const GENERATED_PATHS: readonly RegExp[] = [
  /(^Pods|\/Pods)\//,
  /(^|\/)Carthage\/Build\//,
  /\.designer\.(cs|vb)$/i,
  /\.feature\.cs$/,
  /node_modules\//,
  /vendor\/([-0-9A-Za-z]+\.)+(com|edu|gov|in|me|net|org|fm|io)/,
  /Gopkg\.lock$/,
  /glide\.lock$/,
  /(^|\/)(\w+\.)?esy\.lock$/,
  /npm-shrinkwrap\.json$/,
  /package-lock\.json$/,
  /(^|\/)\.pnp\..*$/,
  /Godeps\//,
  /composer\.lock$/,
  /.\.zep\.(?:c|h|php)$/,
  /Cargo\.lock$/,
  /Pipfile\.lock$/,
  /__generated__\//,
  /poetry\.lock$/,
  /\.(js|css)\.map$/,
]

/** Whether GitLab's automatic detection takes a path for generated, from its name alone. */
export function isGeneratedPath(path: string): boolean {
  const lower = path.toLowerCase()
  if (GENERATED_EXTENSIONS.some((extension) => lower.endsWith(extension))) return true
  return GENERATED_PATHS.some((pattern) => pattern.test(path))
}

/**
 * The `gitlab-generated` attribute of each path as the .gitattributes files of
 * `commit` set it: true (set), false (unset or any value: an override), or
 * absent (unspecified). git 2.39's check-attr has no --source, so the
 * commit's tree is read into a throwaway index and checked with --cached.
 */
export async function generatedAttributes(
  repo: Repo,
  commit: string,
  paths: readonly string[],
): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>()
  if (paths.length === 0) return found
  const dir = await mkdtemp(join(tmpdir(), 'attr-index-'))
  try {
    const env = { GIT_INDEX_FILE: join(dir, 'index') }
    await repo.run(['read-tree', '--end-of-options', commit], { env })
    const { stdout } = await repo.run(
      ['check-attr', '--cached', '-z', '--stdin', 'gitlab-generated'],
      {
        env,
        input: paths.map((path) => `${path}\0`).join(''),
      },
    )
    const fields = stdout.toString('utf8').split('\0')
    for (let index = 0; index + 2 < fields.length; index += 3) {
      const path = fields[index] ?? ''
      const value = fields[index + 2] ?? 'unspecified'
      if (value !== 'unspecified') found.set(path, value === 'set')
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return found
}

/** A changed file, as much of it as generated-file detection needs. */
export interface ChangedFile {
  oldPath: string
  newPath: string
  newFile: boolean
  aMode: string
  bMode: string
}

/** Blobs larger than this are not read for content rules. */
const MAX_CONTENT_BYTES = 1024 * 1024
const SUBMODULE_MODE = '160000'

/**
 * The new paths GitLab marks generated_file: the `gitlab-generated`
 * attribute at `head` first (set, or an override either way), else GitLab's
 * automatic detection: go-enry's path rules, then its content rules on the
 * file as the base has it (as the head has it for a new file), as GitLab
 * asks Gitaly's CheckBlobsGenerated. Submodules are never generated.
 */
export async function generatedPaths(
  repo: Repo,
  base: string,
  head: string,
  files: readonly ChangedFile[],
): Promise<Set<string>> {
  const attributes = await generatedAttributes(
    repo,
    head,
    files.map((file) => file.newPath),
  )
  const generated = new Set<string>()
  const toRead = new Map<string, string>()
  for (const file of files) {
    const override = attributes.get(file.newPath)
    if (override !== undefined) {
      if (override) generated.add(file.newPath)
    } else if (isGeneratedPath(file.newPath)) generated.add(file.newPath)
    else if (file.aMode !== SUBMODULE_MODE && file.bMode !== SUBMODULE_MODE) {
      if (mayBeGeneratedContent(file.newPath)) {
        const revision = file.newFile ? `${head}:${file.newPath}` : `${base}:${file.oldPath}`
        toRead.set(revision, file.newPath)
      }
    }
  }
  const blobs = await readSmallBlobs(repo, [...toRead.keys()], MAX_CONTENT_BYTES)
  for (const [revision, path] of toRead) {
    const content = blobs.get(revision)
    if (content && isGeneratedContent(path, content)) generated.add(path)
  }
  return generated
}
