import { z } from 'zod'
import { defaultAddresses, env, loadConfig } from '@suite/runtime'

/** The projects service's own variables (the shared ones come from loadServiceConfig). */
export function loadProjectsConfig(environment: NodeJS.ProcessEnv = process.env) {
  const addresses = defaultAddresses()
  const raw = loadConfig(
    {
      REPOSITORY_ROOT: env.string('.data/repositories'),
      REPOSITORY_ADDR: env.address(addresses['REPOSITORY_ADDR'] ?? '127.0.0.1:50056'),
      IDENTITY_ADDR: env.address(addresses['IDENTITY_ADDR'] ?? '127.0.0.1:50051'),
      EXTERNAL_URL: z.url().default('http://localhost:8080'),
      // Where the repository role finds `git`; children get this PATH and nothing else of ours.
      PATH: env.string('/usr/local/bin:/usr/bin:/bin'),
    },
    environment,
  )
  return Object.freeze({
    repositoryRoot: raw.REPOSITORY_ROOT,
    repositoryAddress: raw.REPOSITORY_ADDR,
    identityAddress: raw.IDENTITY_ADDR,
    externalUrl: raw.EXTERNAL_URL.replace(/\/+$/, ''),
    gitPath: raw.PATH,
  })
}

export type ProjectsConfig = ReturnType<typeof loadProjectsConfig>
