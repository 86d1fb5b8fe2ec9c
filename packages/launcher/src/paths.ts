import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** services/<service>/dist/main.js under the repository root. */
export function serviceMain(root: string, service: string): string {
  return join(root, 'services', service, 'dist', 'main.js')
}

export function isBuilt(root: string, service: string): boolean {
  return existsSync(serviceMain(root, service))
}
