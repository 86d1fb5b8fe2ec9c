/**
 * The GitLab release whose REST API this suite follows: what /version and
 * /metadata report and what webhook requests name in their User-Agent, so that
 * clients which branch on the server's version (python-gitlab, Renovate,
 * Danger) pick the behaviour the routes implement. The one place to change
 * when the suite catches up with a later release.
 */
export const GITLAB_API_VERSION = '17.11.0'

/** Shown after the version, as GitLab shows `-ee` or `-pre`: this is not GitLab itself. */
export const GITLAB_EDITION = 'suite'

/** The version as /version shows it. */
export const GITLAB_VERSION_STRING = `${GITLAB_API_VERSION}-${GITLAB_EDITION}`
