import { createHash } from 'node:crypto'

/** A file of a commit as the files API reads it (blob facts from ReadFile). */
export interface RepositoryFile {
  filePath: string
  /** The ref as the caller named it. */
  ref: string
  commitId: string
  lastCommitId: string
  blobId: string
  mode: string
  content: Buffer
}

/** lib/api/files.rb's blob_data: the metadata GET, HEAD and /raw share. */
export function fileMetadata(file: RepositoryFile) {
  return {
    file_name: file.filePath.slice(file.filePath.lastIndexOf('/') + 1),
    file_path: file.filePath,
    size: file.content.length,
    encoding: 'base64',
    content_sha256: createHash('sha256').update(file.content).digest('hex'),
    ref: file.ref,
    blob_id: file.blobId,
    commit_id: file.commitId,
    last_commit_id: file.lastCommitId,
    execute_filemode: file.mode === '100755',
  }
}

/** GET /repository/files/:file_path: the metadata with the content in base64. */
export function presentRepositoryFile(file: RepositoryFile) {
  const { content_sha256, ...metadata } = fileMetadata(file)
  // GitLab's documented order: content right after encoding.
  const { file_name, file_path, size, encoding, ...rest } = metadata
  return {
    file_name,
    file_path,
    size,
    encoding,
    content: file.content.toString('base64'),
    content_sha256,
    ...rest,
  }
}

/**
 * set_http_headers(blob_data): each field as X-Gitlab-<Dasherized-Titleized>.
 * A value outside printable ASCII (a file name in another script) is sent
 * percent-encoded, since an HTTP header cannot carry it as it is.
 */
export function fileHeaders(file: RepositoryFile): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [key, value] of Object.entries(fileMetadata(file))) {
    const name = key
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('-')
    const text = String(value)
    headers[`X-Gitlab-${name}`] = /^[\x20-\x7e]*$/.test(text) ? text : encodeURIComponent(text)
  }
  return headers
}
