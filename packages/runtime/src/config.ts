import { z } from 'zod'
import { isGrpcTarget } from './grpc-target.js'

/**
 * Parses the environment once against a zod shape. A bad or missing variable
 * stops the process with one line naming it, as DESIGN.md asks.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: NodeJS.ProcessEnv = process.env,
  /** The variable a key was read from when it is not the key's own name. */
  readFrom: Partial<Record<keyof S, string>> = {},
): Readonly<z.infer<z.ZodObject<S>>> {
  const result = z.object(shape).safeParse(env)
  if (!result.success) {
    const issue = result.error.issues[0]
    const key = issue?.path.join('.')
    const name = (key && readFrom[key as keyof S]) || (key ?? 'environment')
    process.stderr.write(`invalid configuration: ${name}: ${issue?.message ?? 'invalid'}\n`)
    process.exit(1)
  }
  return Object.freeze(result.data)
}

/** Environment helpers shared by every service's config.ts. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: (fallback?: string) => (fallback === undefined ? z.url() : z.url().default(fallback)),
  string: (fallback: string) => z.string().min(1).default(fallback),
  logLevel: () =>
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  /** A gRPC target: `host:port`, or `ipv4:ip:port,ip:port` naming every replica. */
  address: (fallback: string) =>
    z
      .string()
      .refine(isGrpcTarget, 'expected host:port or ipv4:ip:port,ip:port,...')
      .default(fallback),
}
