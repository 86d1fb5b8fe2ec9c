/**
 * How GitLab's Ruby code sees JSON values, where an alert's fields and
 * fingerprint depend on it: `present?`, `to_s` and `inspect`.
 */

/** Ruby's `present?` on a parsed JSON value: nil, false, "", "  ", [] and {} are blank. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/** Ruby's Float#to_s: "1.0" for whole numbers, exponents as "1.0e-05", "1.0e+16". */
function rubyFloat(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN'
  const magnitude = Math.abs(value)
  if (magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16)) {
    const [mantissa = '0', exponent = '0'] = value.toExponential().split('e')
    const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`
    const sign = exponent.startsWith('-') ? '-' : '+'
    return `${digits}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`
  }
  const text = String(value)
  return text.includes('.') ? text : `${text}.0`
}

/**
 * A JSON number as Ruby prints it. JSON.parse has already lost "1.0" versus
 * "1": whole numbers print as Integers, which is what senders almost always mean.
 */
function rubyNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? String(value) : rubyFloat(value)
}

/** String#inspect for UTF-8 text: quotes, backslash escapes, \u for other controls. */
function inspectString(text: string): string {
  let out = '"'
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (char === '"' || char === '\\') out += `\\${char}`
    else if (char === '\n') out += '\\n'
    else if (char === '\t') out += '\\t'
    else if (char === '\r') out += '\\r'
    else if (char === '\f') out += '\\f'
    else if (char === '\v') out += '\\v'
    else if (code === 0x08) out += '\\b'
    else if (code === 0x07) out += '\\a'
    else if (code === 0x1b) out += '\\e'
    else if (code < 0x20 || code === 0x7f) {
      out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`
    } else out += char
  }
  // "#{", "#$" and "#@" would interpolate in Ruby source: inspect escapes the "#".
  return `${out.replace(/#(?=[{$@])/g, '\\#')}"`
}

/** Ruby's `inspect` (before 3.4: `{"key"=>value}`) of a parsed JSON value. */
export function rubyInspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil'
  if (typeof value === 'string') return inspectString(value)
  if (typeof value === 'number') return rubyNumber(value)
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(rubyInspect).join(', ')}]`
  if (typeof value === 'object') {
    const pairs = Object.entries(value).map(([k, v]) => `${inspectString(k)}=>${rubyInspect(v)}`)
    return `{${pairs.join(', ')}}`
  }
  return ''
}

/** Ruby's `to_s`: strings as they are, nil as "", containers as `inspect`. */
export function rubyToS(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  return rubyInspect(value)
}
