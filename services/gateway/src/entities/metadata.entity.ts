import { GITLAB_VERSION_STRING } from '@suite/runtime'

/** GitLab shows an abbreviated commit (Gitlab.revision): 11 characters. */
const REVISION_LENGTH = 11

/** API::Entities::Metadata: there is no agent server (KAS) and no Enterprise Edition here. */
export function presentMetadata(revision: string | undefined) {
  return {
    version: GITLAB_VERSION_STRING,
    revision: revision ? revision.slice(0, REVISION_LENGTH) : 'unknown',
    kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
    enterprise: false,
  }
}
