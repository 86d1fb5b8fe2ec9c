/**
 * The environment variable that names the file where the pre-receive hook
 * leaves the push's CI push options for the repository role.
 */
export const PUSH_OPTIONS_ENV = 'SUITE_PUSH_OPTIONS'

/** Options kept of one push, and the longest one kept. */
const MAX_OPTIONS = 50
const MAX_OPTION_LENGTH = 1024

/**
 * The CI push options (`ci.skip`, `ci.variable=KEY=value`, ...) of the push
 * whose hook environment is `env` (git's GIT_PUSH_OPTION_COUNT and
 * GIT_PUSH_OPTION_<n>); GitLab reads no others for pipelines. At most
 * MAX_OPTIONS, each at most MAX_OPTION_LENGTH characters.
 */
export function pushOptionsFromHookEnv(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const count = Math.min(Number.parseInt(env['GIT_PUSH_OPTION_COUNT'] ?? '0', 10) || 0, 1000)
  const options: string[] = []
  for (let index = 0; index < count && options.length < MAX_OPTIONS; index++) {
    const option = env[`GIT_PUSH_OPTION_${index}`] ?? ''
    if (option.startsWith('ci.') && option.length <= MAX_OPTION_LENGTH) options.push(option)
  }
  return options
}

/** The options file's text as options; anything that is not a list of strings is none. */
export function parsePushOptions(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text)
    if (!Array.isArray(parsed)) return []
    return parsed.filter((option): option is string => typeof option === 'string')
  } catch {
    return []
  }
}
