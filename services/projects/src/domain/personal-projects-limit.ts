import type { NamespaceForCreate, Ports, ProjectStore } from './ports.js'

/**
 * Project#check_personal_projects_limit: a project in a user namespace counts
 * against its creator's projects_limit (User#can_create_project?: the limit
 * minus the projects in the creator's own namespace must stay above zero).
 * Administrators are held to their limit as well; group projects never are.
 * The answer is GitLab's limit_reached message, or undefined when allowed.
 */
export async function personalProjectsLimitError(
  store: Pick<ProjectStore, 'countInNamespace'>,
  ports: Pick<Ports, 'identity'>,
  creatorId: number,
  target: NamespaceForCreate,
): Promise<string | undefined> {
  if (target.namespace.kind !== 'user') return undefined
  const creator = await ports.identity.projectsLimitOf(creatorId)
  if (!creator) return undefined
  const count = await store.countInNamespace(creator.namespaceId)
  return limitReachedMessage(creator.projectsLimit, count)
}

/** The limit_reached text for a creator holding `count` personal projects, if at the limit. */
export function limitReachedMessage(projectsLimit: number, count: number): string | undefined {
  if (projectsLimit - count > 0) return undefined
  if (projectsLimit === 0) {
    return 'You cannot create projects in your personal namespace. Contact your GitLab administrator.'
  }
  return `You've reached your limit of ${projectsLimit} projects created. Contact your GitLab administrator.`
}
