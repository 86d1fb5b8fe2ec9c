/** GitLab's Gitlab::Config::Loader::Yaml limits: MAX_YAML_SIZE and MAX_YAML_DEPTH. */
export const MAX_YAML_BYTES = 1024 * 1024
export const MAX_YAML_DEPTH = 100
/** Aliases a document may expand; beyond that it is a resource exhaustion attempt. */
export const MAX_ALIAS_COUNT = 100
/** Config::Extendable::Entry::MAX_NESTING_LEVELS. */
export const MAX_EXTENDS_DEPTH = 10
/** Nested !reference resolution depth (Tags::Reference). */
export const MAX_REFERENCE_DEPTH = 10
/** Jobs a pipeline may hold (GitLab's ci_pipeline_size plan limit; self-managed sets its own). */
export const MAX_JOBS = 1000
/** Interpolation::Template::MAX_BLOCKS. */
export const MAX_INTERPOLATION_BLOCKS = 10_000
/** Expression and regex caps: GitLab runs RE2; we run JavaScript RegExp, so keep inputs small. */
export const MAX_EXPRESSION_LENGTH = 4096
export const MAX_PATTERN_LENGTH = 1024
export const MAX_MATCH_SUBJECT_LENGTH = 8 * 1024
export const TOO_BIG = 'The parsed YAML is too big'
export const INVALID_FORMAT = 'Invalid configuration format'
