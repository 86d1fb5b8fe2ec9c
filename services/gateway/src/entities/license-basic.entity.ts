import type { License } from '@suite/proto'
import { orNull } from './present-context.js'

/** API::Entities::LicenseBasic: Licensee's key, name and nickname, its page and its source. */
export interface LicenseBasicJson {
  key: string
  name: string
  nickname: string | null
  html_url: string
  source_url: string | null
}

export function presentLicenseBasic(license: License): LicenseBasicJson {
  return {
    key: license.key,
    name: license.name,
    nickname: orNull(license.nickname),
    html_url: license.htmlUrl,
    source_url: orNull(license.sourceUrl),
  }
}
