import type { Project } from '@suite/proto'

/** ProjectStatistics: sizes in bytes; only the repository's are known here. */
export function presentStatistics(project: Project) {
  const repositorySize = project.repository?.sizeBytes ?? 0
  return {
    commit_count: project.repository?.commitCount ?? 0,
    storage_size: repositorySize,
    repository_size: repositorySize,
    wiki_size: 0,
    lfs_objects_size: 0,
    job_artifacts_size: 0,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  }
}
