import { pathToFileURL } from 'node:url'
import { isBuilt, serviceMain } from './paths.js'

/**
 * `suite <service> <role>`, the container entrypoint: loads the service's
 * main in this very process, as an exec would, so signals and the exit code
 * are the service's own.
 */
export async function runService(
  root: string,
  service: string,
  role: string | undefined,
): Promise<void> {
  const main = serviceMain(root, service)
  if (!isBuilt(root, service)) {
    process.stderr.write(`suite: ${main} not found (run npx tsc -b)\n`)
    process.exit(1)
  }
  // The service reads its role from process.argv[2], as when run directly.
  process.argv = [process.argv[0] ?? process.execPath, main, ...(role ? [role] : [])]
  await import(pathToFileURL(main).href)
}
