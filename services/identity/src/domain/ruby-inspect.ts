import type { FieldErrors } from '@suite/runtime'

/** Ruby's String#inspect for the characters validation messages can hold. */
export function inspectRubyString(value: string): string {
  let out = '"'
  for (let i = 0; i < value.length; i++) {
    const char = value[i] ?? ''
    const next = value[i + 1] ?? ''
    if (char === '"' || char === '\\') out += `\\${char}`
    else if (char === '#' && (next === '{' || next === '$' || next === '@')) out += '\\#'
    else if (char === '\n') out += '\\n'
    else if (char === '\t') out += '\\t'
    else if (char === '\r') out += '\\r'
    else if (char === '\u001b') out += '\\e'
    else if (char < ' ' || char === '\u007f') {
      out += `\\x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
    } else out += char
  }
  return `${out}"`
}

/**
 * `errors.messages.inspect` as Ruby before 3.4 prints it:
 * {:path=>["has already been taken"]}. GitLab puts it in some 400 bodies.
 */
export function inspectRubyErrors(errors: FieldErrors): string {
  const entries = Object.entries(errors).map(
    ([field, messages]) => `:${field}=>[${messages.map(inspectRubyString).join(', ')}]`,
  )
  return `{${entries.join(', ')}}`
}
