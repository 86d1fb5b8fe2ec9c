import type { Repo } from '../store/repository-store.js'
import { getCommit } from './commits.js'

export type SignatureType = 'PGP' | 'SSH' | 'X509'

/** The commit object's header lines (before the first blank line), continuation lines folded in. */
function headerLines(raw: string): string[] {
  const end = raw.indexOf('\n\n')
  const lines: string[] = []
  for (const line of (end === -1 ? raw : raw.slice(0, end)).split('\n')) {
    if (line.startsWith(' ') && lines.length > 0) lines[lines.length - 1] += `\n${line.slice(1)}`
    else lines.push(line)
  }
  return lines
}

/** What kind of signature a `gpgsig` header holds (Gitlab::Git::Commit's signature_type). */
function signatureKind(signature: string): SignatureType | undefined {
  if (signature.startsWith('-----BEGIN PGP SIGNATURE-----')) return 'PGP'
  if (signature.startsWith('-----BEGIN SSH SIGNATURE-----')) return 'SSH'
  if (signature.startsWith('-----BEGIN SIGNED MESSAGE-----')) return 'X509'
  return undefined
}

/** The commit's full id and its signature's kind; undefined kind for an unsigned commit. */
export async function commitSignature(
  repo: Repo,
  sha: string,
): Promise<{ commitId: string; type: SignatureType | undefined }> {
  const commit = await getCommit(repo, sha)
  const raw = (await repo.run(['cat-file', 'commit', commit.id])).stdout.toString('utf8')
  const header = headerLines(raw).find(
    (line) => line.startsWith('gpgsig ') || line.startsWith('gpgsig-sha256 '),
  )
  const signature = header?.slice(header.indexOf(' ') + 1)
  return { commitId: commit.id, type: signature ? signatureKind(signature) : undefined }
}
