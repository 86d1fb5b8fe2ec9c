import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { grpcMethodLabel } from './grpc-client.js'

function protoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? protoFiles(join(dir, entry.name))
      : entry.name.endsWith('.proto')
        ? [join(dir, entry.name)]
        : [],
  )
}

describe('grpcMethodLabel', () => {
  it('labels a client call by the RPC name alone, as GrpcServer labels it', () => {
    expect(grpcMethodLabel('/gitlab.identity.v1.UserService/GetUser')).toBe('GetUser')
  })

  it('is unambiguous: no two services of the suite have an RPC of the same name', () => {
    const names = protoFiles(join(process.cwd(), 'proto')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*rpc (\w+)/gm)].map((match) => match[1]),
    )
    expect(names.length).toBeGreaterThan(100)
    const repeated = names.filter((name, index) => names.indexOf(name) !== index)
    expect(repeated).toEqual([])
  })
})
