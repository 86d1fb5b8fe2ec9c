import type { Project } from '@suite/proto'
import { orNull, type PresentContext } from './present-context.js'

function lastSegment(text: string, separator: string): string {
  const parts = text.split(separator)
  return parts[parts.length - 1] ?? text
}

/** API::Entities::NamespaceBasic as projects show it. */
export function presentProjectNamespace(project: Project, ctx: PresentContext) {
  const group = project.namespaceKind === 'group'
  return {
    id: project.namespaceId,
    name: lastSegment(project.namespaceFullName, ' / '),
    path: lastSegment(project.namespaceFullPath, '/'),
    kind: group ? 'group' : 'user',
    full_path: project.namespaceFullPath,
    parent_id: orNull(project.namespaceParentId),
    avatar_url: null,
    web_url: group
      ? `${ctx.externalUrl}/groups/${project.namespaceFullPath}`
      : `${ctx.externalUrl}/${project.namespaceFullPath}`,
  }
}
