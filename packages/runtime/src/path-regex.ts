/**
 * The pieces of Gitlab::PathRegex that both namespaces (identity) and
 * projects (projects) validate paths against, kept once.
 */

/**
 * Words after /*namespace/:project in GitLab's wildcard routes
 * (PROJECT_WILDCARD_ROUTES): no group path and no project path may be one.
 */
export const PROJECT_WILDCARD_ROUTES: readonly string[] = [
  '-',
  'badges',
  'blame',
  'blob',
  'builds',
  'commits',
  'create',
  'create_dir',
  'edit',
  'environments/folders',
  'files',
  'find_file',
  'gitlab-lfs/objects',
  'info/lfs/objects',
  'new',
  'preview',
  'raw',
  'refs',
  'tree',
  'update',
  'wikis',
]

/** Gitlab::Regex.oci_repository_path_regex: checked on every changed namespace or project path. */
export const OCI_PATH_FORMAT = /^[a-zA-Z0-9]+(?:[._-][a-zA-Z0-9]+)*$/
