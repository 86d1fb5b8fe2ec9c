import { runDomainService } from '@suite/runtime'
import { ciTriggersService } from './service.js'

await runDomainService(ciTriggersService, process.argv[2] ?? 'server')
