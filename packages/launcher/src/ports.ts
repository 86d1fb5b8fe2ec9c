import { createServer } from 'node:net'
import { addressVariable, DOMAIN_SERVICES, grpcEndpoints, type ServiceInfo } from '@suite/runtime'

/** Every child listens on loopback only. */
export const LOOPBACK = '127.0.0.1'

/** A role of a service as the launcher runs it; gRPC roles have a port. */
export interface AssignedRole {
  name: string
  grpcPort: number | undefined
}

export interface AssignedService {
  info: ServiceInfo
  grpcPort: number
  /** host:port, as the gateway's *_ADDR variables want it. */
  address: string
  /** Every long-running role: `server` first, then the extra roles. */
  roles: AssignedRole[]
}

/**
 * gRPC server i of grpcEndpoints() gets base + i (services' server roles
 * first, so the first ports keep their order), so two suites can run side by side.
 */
export function assignGrpcPorts(
  base: number,
  services: readonly ServiceInfo[] = DOMAIN_SERVICES,
): AssignedService[] {
  const endpoints = grpcEndpoints(services)
  const portOf = (service: string, role: string): number | undefined => {
    const index = endpoints.findIndex((e) => e.service === service && e.role === role)
    return index < 0 ? undefined : base + index
  }
  return services.map((info) => {
    const grpcPort = portOf(info.name, 'server') ?? base
    return {
      info,
      grpcPort,
      address: `${LOOPBACK}:${grpcPort}`,
      roles: [
        { name: 'server', grpcPort },
        ...info.extraRoles.map((role) => ({
          name: role.name,
          grpcPort: portOf(info.name, role.name),
        })),
      ],
    }
  })
}

/** One gRPC server the launcher started: who it is, its *_ADDR variable and address. */
export interface GrpcAddress {
  label: string
  variable: string
  port: number
  address: string
}

/** Every gRPC server of the assigned services, server roles and gRPC extra roles. */
export function grpcAddresses(services: readonly AssignedService[]): GrpcAddress[] {
  return services.flatMap((service) =>
    service.roles.flatMap((role) =>
      role.grpcPort === undefined
        ? []
        : [
            {
              label:
                role.name === 'server' ? service.info.name : `${service.info.name} ${role.name}`,
              variable: addressVariable(role.name === 'server' ? service.info.name : role.name),
              port: role.grpcPort,
              address: `${LOOPBACK}:${role.grpcPort}`,
            },
          ],
    ),
  )
}

/** Whether nothing listens on host:port yet (bind and release at once). */
export function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** A port the kernel considers free right now. */
export function pickFreePort(host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port: 0, host }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}
