#!/usr/bin/env node
import { createLogger, DOMAIN_SERVICES } from '@suite/runtime'
import { parseArgs, USAGE } from './args.js'
import { launcherLogLevel, loadLauncherConfig } from './config.js'
import { migrateCommand } from './migrate.js'
import { REPO_ROOT } from './repo-root.js'
import { runService } from './run-service.js'
import { startSuite } from './start.js'

const command = parseArgs(process.argv.slice(2))

switch (command.kind) {
  case 'help':
    process.stdout.write(USAGE)
    break
  case 'error':
    process.stderr.write(`suite: ${command.message}\n\n${USAGE}`)
    process.exit(2)
    break
  case 'run':
    await runService(REPO_ROOT, command.service, command.role)
    break
  case 'migrate': {
    const logger = createLogger('launcher', launcherLogLevel())
    process.exit(await migrateCommand(REPO_ROOT, DOMAIN_SERVICES, logger))
    break
  }
  case 'start':
    await startSuite(loadLauncherConfig(REPO_ROOT), REPO_ROOT)
    break
}
