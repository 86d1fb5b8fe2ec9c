import { runDomainService } from '@suite/runtime'
import { mergeRequestsService } from './service.js'

await runDomainService(mergeRequestsService, process.argv[2] ?? 'server')
