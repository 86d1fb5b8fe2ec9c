import type { GetCommitSignatureResponse } from '@suite/proto'

/**
 * API::Entities::CommitSignature: the signature's type, then the fields of
 * GpgSignature, SshSignature or X509Signature for it. No keys or
 * certificates are kept here, so the key fields are null.
 */
export function presentCommitSignature(signature: GetCommitSignatureResponse) {
  const common = { verification_status: signature.verificationStatus }
  const fields =
    signature.signatureType === 'SSH'
      ? { ...common, key: null }
      : signature.signatureType === 'X509'
        ? { ...common, x509_certificate: null }
        : {
            gpg_key_id: null,
            gpg_key_primary_keyid: null,
            gpg_key_user_name: null,
            gpg_key_user_email: null,
            ...common,
            gpg_key_subkey_id: null,
          }
  return { signature_type: signature.signatureType, ...fields, commit_source: 'gitaly' }
}
