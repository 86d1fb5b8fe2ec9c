import {
  makeGenericClientConstructor,
  type ServiceClientConstructor,
  type ServiceDefinition,
} from '@grpc/grpc-js'

/**
 * A one-method gRPC service whose messages are JSON, for tests that need a
 * real server and client without a proto: its definition (for GrpcServer.add)
 * and a client constructor (for createClient).
 */
export function jsonUnaryService<T>(
  service: string,
  method: string,
): { definition: ServiceDefinition; Client: ServiceClientConstructor } {
  const serialize = (value: T) => Buffer.from(JSON.stringify(value))
  const deserialize = (bytes: Buffer) => JSON.parse(bytes.toString()) as T
  const key = method.charAt(0).toLowerCase() + method.slice(1)
  const definition: ServiceDefinition = {
    [key]: {
      path: `/${service}/${method}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: serialize,
      requestDeserialize: deserialize,
      responseSerialize: serialize,
      responseDeserialize: deserialize,
    },
  }
  return { definition, Client: makeGenericClientConstructor(definition, service) }
}
