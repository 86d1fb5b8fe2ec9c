import {
  addressVariable,
  DOMAIN_SERVICES,
  grpcEndpoints,
  replicaTarget,
  type ServiceInfo,
} from '@suite/runtime'
import { LOOPBACK, type AssignedService, type GrpcAddress } from './ports.js'

/**
 * How many processes of each role `suite start` runs, as Kubernetes runs
 * replicas of a Deployment: REPLICAS=N for every role (default 1), and
 * REPLICAS_<SERVICE>_<ROLE> (REPLICAS_MERGE_REQUESTS_WORKER,
 * REPLICAS_PROJECTS_REPOSITORY) or REPLICAS_GATEWAY for one role.
 */
export interface ReplicaCounts {
  /** REPLICAS: every role without a setting of its own. */
  all: number
  /** By replicaVariable(): the roles set on their own. */
  byRole: Readonly<Record<string, number>>
}

export const SINGLE: ReplicaCounts = { all: 1, byRole: {} }

/** More would not fit two cores and PostgreSQL's connection limit on one machine anyway. */
export const MAX_REPLICAS = 8

const GATEWAY = 'gateway'

/** The variable that sets one role's count: REPLICAS_PROJECTS_SERVER, REPLICAS_GATEWAY. */
export function replicaVariable(service: string, role?: string): string {
  const name = role ? `${service}_${role}` : service
  return `REPLICAS_${name.replace(/-/g, '_').toUpperCase()}`
}

/** Every role that can run more than once (never `migrate`: it runs once, before the rest). */
function replicableVariables(services: readonly ServiceInfo[]): string[] {
  return [
    ...services.flatMap((service) => [
      replicaVariable(service.name, 'server'),
      ...service.extraRoles.map((role) => replicaVariable(service.name, role.name)),
    ]),
    replicaVariable(GATEWAY),
  ]
}

function parseCount(name: string, value: string): number | string {
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > MAX_REPLICAS) {
    return `${name}: expected a whole number from 1 to ${MAX_REPLICAS}`
  }
  return Number(value)
}

/** Reads REPLICAS and REPLICAS_*; the error names the variable (an unknown role included). */
export function parseReplicas(
  vars: Readonly<Record<string, string>>,
  services: readonly ServiceInfo[] = DOMAIN_SERVICES,
): { ok: true; counts: ReplicaCounts } | { ok: false; error: string } {
  let all = 1
  if (vars['REPLICAS'] !== undefined) {
    const parsed = parseCount('REPLICAS', vars['REPLICAS'])
    if (typeof parsed === 'string') return { ok: false, error: parsed }
    all = parsed
  }
  const known = replicableVariables(services)
  const byRole: Record<string, number> = {}
  for (const [name, value] of Object.entries(vars)) {
    if (!name.startsWith('REPLICAS_')) continue
    if (!known.includes(name)) {
      return { ok: false, error: `${name}: no such role; one of ${known.join(', ')}` }
    }
    const parsed = parseCount(name, value)
    if (typeof parsed === 'string') return { ok: false, error: parsed }
    byRole[name] = parsed
  }
  return { ok: true, counts: { all, byRole } }
}

/** How many processes of a role run (`role` unset: the gateway). */
export function replicasOf(counts: ReplicaCounts, service: string, role?: string): number {
  return counts.byRole[replicaVariable(service, role)] ?? counts.all
}

/**
 * gRPC ports: replica k (from 0) of gRPC server i gets base + k * servers + i,
 * so the first replicas keep the ports they have without REPLICAS.
 */
export function replicaGrpcPort(firstPort: number, replica: number): number {
  return firstPort + replica * grpcEndpoints().length
}

/** The last gRPC port the counts use from `base` (for the range checks of config.ts). */
export function lastReplicaGrpcPort(base: number, counts: ReplicaCounts): number {
  const endpoints = grpcEndpoints()
  const most = Math.max(...endpoints.map((e) => replicasOf(counts, e.service, e.role)))
  return base + most * endpoints.length - 1
}

/** The gateways' HTTP ports: PORT, PORT + 1, ... */
export function gatewayPorts(port: number, counts: ReplicaCounts): number[] {
  return Array.from({ length: replicasOf(counts, GATEWAY) }, (_unused, k) => port + k)
}

/** Port settings that do not fit beside the replicas, or undefined. */
export function replicaPortError(
  port: number,
  grpcPortBase: number,
  counts: ReplicaCounts,
): string | undefined {
  const lastGrpc = lastReplicaGrpcPort(grpcPortBase, counts)
  if (lastGrpc > 65535) {
    return `GRPC_PORT_BASE: the replicas need ports up to ${lastGrpc}; choose a lower base`
  }
  const gateways = gatewayPorts(port, counts)
  const lastGateway = gateways[gateways.length - 1] as number
  if (lastGateway > 65535) return `PORT: the gateways need ports up to ${lastGateway}`
  if (port <= lastGrpc && lastGateway >= grpcPortBase) {
    return `PORT: the gateway ports ${port}-${lastGateway} collide with the gRPC ports ${grpcPortBase}-${lastGrpc}`
  }
  return undefined
}

/** One process of a long-running domain role. */
export interface RoleReplica {
  service: AssignedService
  role: string
  /** How logs and the supervisor name it: "projects server", or "projects server #2" of several. */
  name: string
  /** Its own gRPC port, for roles that serve gRPC. */
  grpcPort: number | undefined
}

function replicaName(base: string, replica: number, count: number): string {
  return count > 1 ? `${base} #${replica + 1}` : base
}

/** Every process of every role the services run, replicas of one role side by side. */
export function expandReplicas(
  services: readonly AssignedService[],
  counts: ReplicaCounts,
): RoleReplica[] {
  return services.flatMap((service) =>
    service.roles.flatMap((role) => {
      const count = replicasOf(counts, service.info.name, role.name)
      return Array.from({ length: count }, (_unused, k) => ({
        service,
        role: role.name,
        name: replicaName(`${service.info.name} ${role.name}`, k, count),
        grpcPort: role.grpcPort === undefined ? undefined : replicaGrpcPort(role.grpcPort, k),
      }))
    }),
  )
}

/** Every gRPC server process, each replica apart (for port checks and readiness). */
export function replicaAddresses(
  services: readonly AssignedService[],
  counts: ReplicaCounts,
): GrpcAddress[] {
  return expandReplicas(services, counts).flatMap((replica) =>
    replica.grpcPort === undefined
      ? []
      : [
          {
            label: replica.name,
            variable: addressVariable(
              replica.role === 'server' ? replica.service.info.name : replica.role,
            ),
            port: replica.grpcPort,
            address: `${LOOPBACK}:${replica.grpcPort}`,
          },
        ],
  )
}

/**
 * Every *_ADDR variable naming all replicas of its server (`ipv4:a,b`), so
 * that every client balances over them as over a headless Service's addresses.
 */
export function replicaAddressBook(
  services: readonly AssignedService[],
  counts: ReplicaCounts,
): Record<string, string> {
  const byVariable = new Map<string, string[]>()
  for (const server of replicaAddresses(services, counts)) {
    byVariable.set(server.variable, [...(byVariable.get(server.variable) ?? []), server.address])
  }
  return Object.fromEntries(
    [...byVariable].map(([variable, addresses]) => [variable, replicaTarget(addresses)]),
  )
}

/** The gateways: each one's supervisor name and HTTP port. */
export function gatewayReplicas(
  port: number,
  counts: ReplicaCounts,
): { name: string; port: number }[] {
  const ports = gatewayPorts(port, counts)
  return ports.map((gatewayPort, k) => ({
    name: replicaName(GATEWAY, k, ports.length),
    port: gatewayPort,
  }))
}
