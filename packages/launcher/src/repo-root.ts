import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The monorepo root; this file runs as packages/launcher/dist/repo-root.js. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
