import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import type { Database } from '../store/schema.js'

/** Registers EventService on the server role. */
export function registerEventServices(_server: GrpcServer, _deps: ServiceDeps<Database>): void {}
