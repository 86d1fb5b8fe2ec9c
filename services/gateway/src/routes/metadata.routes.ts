import { AUTHENTICATED } from '../auth/abilities.js'
import { presentMetadata } from '../entities/metadata.entity.js'
import type { ApiRouter } from './api-router.js'

/**
 * lib/api/metadata.rb and lib/api/version.rb (a mirror of it since GitLab
 * 15.5): any signed-in caller, read_user tokens included, as the first call
 * tools make to learn what they talk to.
 */
export function metadataRoutes(api: ApiRouter, revision: string | undefined): void {
  for (const path of ['/metadata', '/version']) {
    api.get(path, {
      scopes: 'user',
      ability: AUTHENTICATED,
      handle: () => Promise.resolve(revision),
      present: presentMetadata,
    })
  }
}
