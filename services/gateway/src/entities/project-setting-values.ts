import type { Project } from '@suite/proto'

/** A feature is on unless its access level says `disabled`; unset is `enabled`. */
export function featureEnabled(project: Project, feature: string): boolean {
  return (project.accessLevels[feature] ?? 'enabled') !== 'disabled'
}

export function featureAccessLevel(project: Project, feature: string): string {
  return project.accessLevels[feature] ?? 'enabled'
}

export function projectFlag(project: Project, name: string): boolean {
  return project.flags[name] ?? false
}
