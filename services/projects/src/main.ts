import { runDomainService } from '@suite/runtime'
import { projectsService } from './service.js'

await runDomainService(projectsService, process.argv[2] ?? 'server')
