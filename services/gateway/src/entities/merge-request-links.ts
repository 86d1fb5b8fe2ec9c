import type { MergeRequest, Project } from '@suite/proto'

/**
 * What `references.relative` of an answer is relative to: GitLab's
 * `options[:group] || options[:project]` (none for GET /merge_requests).
 */
export type ReferenceBase =
  { kind: 'project'; project: Project } | { kind: 'group'; groupId: number } | { kind: 'none' }

/** The project's full path (namespace/path), or undefined when it was not loaded. */
export function projectFullPath(project: Project | undefined): string | undefined {
  return project && `${project.namespaceFullPath}/${project.path}`
}

/** The project's web URL. */
export function projectWebUrl(externalUrl: string, project: Project | undefined): string {
  return `${externalUrl}/${projectFullPath(project) ?? ''}`
}

/**
 * Project#to_reference_base(from): nothing inside the same project, the
 * project's path inside the same namespace (or from that namespace), its full
 * path across namespaces.
 */
function referencePrefix(project: Project | undefined, base: ReferenceBase): string {
  if (!project || base.kind === 'none') return ''
  if (base.kind === 'project') {
    if (base.project.id === project.id) return ''
    return base.project.namespaceId === project.namespaceId
      ? project.path
      : (projectFullPath(project) ?? '')
  }
  return base.groupId === project.namespaceId ? project.path : (projectFullPath(project) ?? '')
}

/** API::Entities::IssuableReferences of a merge request. */
export function mergeRequestReferences(
  mergeRequest: MergeRequest,
  project: Project | undefined,
  base: ReferenceBase,
) {
  const short = `!${mergeRequest.iid}`
  return {
    short,
    relative: `${referencePrefix(project, base)}${short}`,
    full: `${projectFullPath(project) ?? ''}${short}`,
  }
}

/** The deprecated `reference`: to_reference(options[:project]). */
export function mergeRequestReference(
  mergeRequest: MergeRequest,
  project: Project | undefined,
  base: ReferenceBase,
): string {
  const from: ReferenceBase = base.kind === 'project' ? base : { kind: 'none' }
  return `${referencePrefix(project, from)}!${mergeRequest.iid}`
}

/** Gitlab::UrlBuilder for a merge request. */
export function mergeRequestWebUrl(
  externalUrl: string,
  project: Project | undefined,
  iid: number,
): string {
  return `${projectWebUrl(externalUrl, project)}/-/merge_requests/${iid}`
}
