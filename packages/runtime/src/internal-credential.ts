import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { Metadata, ServerInterceptingCall, status, type ServerInterceptor } from '@grpc/grpc-js'
import { z } from 'zod'

/**
 * The deployment's internal credential: every gRPC call between the suite's
 * processes carries it as `authorization: Bearer <secret>` (as Gitaly's token
 * auth does), and every server refuses a call without it. Without it anything
 * that reaches a service's port could act as any caller it names (`admin: true`).
 */
export const INTERNAL_AUTH_METADATA_KEY = 'authorization'

/** The standard health service: kubelet's native gRPC probes cannot send metadata. */
const UNAUTHENTICATED_SERVICE_PREFIX = '/grpc.health.v1.Health/'

/** Characters below this are too guessable for a secret that guards every service. */
export const INTERNAL_SECRET_MIN_LENGTH = 32

/** INTERNAL_API_SECRET in a zod shape: required, printable, at least 32 characters. */
export function internalSecretSetting() {
  return z
    .string({ error: 'required (the shared secret of internal gRPC calls)' })
    .min(INTERNAL_SECRET_MIN_LENGTH, `must be at least ${INTERNAL_SECRET_MIN_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
}

/** A new secret for `npm start` and tests: 32 random bytes in hex. */
export function generateInternalSecret(): string {
  return randomBytes(32).toString('hex')
}

/** The metadata value a client sends. */
export function internalAuthValue(secret: string): string {
  return `Bearer ${secret}`
}

/** Hashed first, so timingSafeEqual compares equal lengths whatever was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/**
 * A server interceptor that answers UNAUTHENTICATED to every call whose
 * metadata lacks the credential, before its handler runs (unary and streaming
 * alike), except the health service. `onRefused` hears of each refusal; the
 * value sent is never passed on, so it cannot reach a log.
 */
export function internalAuthInterceptor(
  secret: string,
  onRefused: (method: string, reason: 'missing' | 'wrong') => void = () => {},
): ServerInterceptor {
  const expected = digest(internalAuthValue(secret))
  return (methodDescriptor, call) => {
    // Without a responder the call passes through untouched.
    if (methodDescriptor.path.startsWith(UNAUTHENTICATED_SERVICE_PREFIX)) {
      return new ServerInterceptingCall(call)
    }
    return new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, nextMetadata) {
            const values = metadata.get(INTERNAL_AUTH_METADATA_KEY)
            const value = values.length === 1 ? values[0] : undefined
            const ok = typeof value === 'string' && timingSafeEqual(digest(value), expected)
            if (!ok) {
              onRefused(methodDescriptor.path, values.length === 0 ? 'missing' : 'wrong')
              call.sendStatus({
                code: status.UNAUTHENTICATED,
                details: 'missing or wrong internal credential',
                metadata: new Metadata(),
              })
              return
            }
            // Handlers never see the secret, so none of them can log it.
            metadata.remove(INTERNAL_AUTH_METADATA_KEY)
            nextMetadata(metadata)
          },
        })
      },
    })
  }
}
