import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import type { Database } from '../store/schema.js'

/** Registers ProjectService on the server role. */
export function registerProjectServices(_server: GrpcServer, _deps: ServiceDeps<Database>): void {}
