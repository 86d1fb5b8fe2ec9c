import { runDomainService } from '@suite/runtime'
import { identityService } from './service.js'

await runDomainService(identityService, process.argv[2] ?? 'server')
