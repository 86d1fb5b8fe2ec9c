/**
 * Who acts on alerts and integrations, with the abilities the projects
 * service decided for them in one project, as the gateway handed them on.
 */
export interface Caller {
  /** Null for an anonymous caller. */
  userId: number | null
  admin: boolean
  grant: AlertGrant | undefined
}

/** The alerting abilities of one caller in one project. */
export interface AlertGrant {
  projectId: number
  /** Maintainer: manage integrations (GitLab's admin_operations). */
  adminAlertIntegrations: boolean
  /** Developer: read alerts. */
  readAlertManagementAlert: boolean
  /** Developer: change an alert's status and assignees. */
  updateAlertManagementAlert: boolean
}
