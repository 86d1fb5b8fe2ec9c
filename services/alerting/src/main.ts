import { runDomainService } from '@suite/runtime'
import { alertingService } from './service.js'

await runDomainService(alertingService, process.argv[2] ?? 'server')
