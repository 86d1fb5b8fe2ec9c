/**
 * The GitLab release whose REST API this suite follows: what /version and
 * /metadata report, so that clients which branch on the server's version
 * (python-gitlab, Renovate, Danger) pick the behaviour the routes implement.
 * The one place to change when the suite catches up with a later release.
 */
export const GITLAB_API_VERSION = '17.11.0'

/** Shown after the version, as GitLab shows `-ee` or `-pre`: this is not GitLab itself. */
const EDITION = 'suite'

/** GitLab shows an abbreviated commit (Gitlab.revision): 11 characters. */
const REVISION_LENGTH = 11

/** API::Entities::Metadata: there is no agent server (KAS) and no Enterprise Edition here. */
export function presentMetadata(revision: string | undefined) {
  return {
    version: `${GITLAB_API_VERSION}-${EDITION}`,
    revision: revision ? revision.slice(0, REVISION_LENGTH) : 'unknown',
    kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
    enterprise: false,
  }
}
