/** AlertManagement::HttpIntegration's slug for a name that parameterizes to nothing. */
const DEFAULT_NAME_SLUG = 'http-endpoint'

/**
 * ActiveSupport's String#parameterize as HttpIntegration#name_slug uses it:
 * accents transliterated to ASCII, every run of other characters than
 * letters, digits, `-` and `_` one `-`, repeated and outer `-` removed,
 * lower case; an empty result is `http-endpoint`.
 */
export function parameterize(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  const slug = ascii
    .replace(/[^a-z0-9\-_]+/gi, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
  return slug === '' ? DEFAULT_NAME_SLUG : slug
}
