import { createServer } from 'node:net'
import { DOMAIN_SERVICES, type ServiceInfo } from '@suite/runtime'

/** Every child listens on loopback only. */
export const LOOPBACK = '127.0.0.1'

export interface AssignedService {
  info: ServiceInfo
  grpcPort: number
  /** host:port, as the gateway's *_ADDR variables want it. */
  address: string
}

/** Service i of DOMAIN_SERVICES gets base + i, so two suites can run side by side. */
export function assignGrpcPorts(
  base: number,
  services: readonly ServiceInfo[] = DOMAIN_SERVICES,
): AssignedService[] {
  return services.map((info, index) => ({
    info,
    grpcPort: base + index,
    address: `${LOOPBACK}:${base + index}`,
  }))
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
