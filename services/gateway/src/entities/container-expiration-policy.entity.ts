import type { Project } from '@suite/proto'
import { isoTime, orNull } from './present-context.js'

/** ContainerExpirationPolicy; the next run is a cadence after creation. */
export function presentContainerExpirationPolicy(project: Project, createdAt: Date) {
  const policy = project.containerExpirationPolicy
  const days = /^(\d+)d$/.exec(policy?.cadence ?? '1d')?.[1] ?? '1'
  return {
    cadence: policy?.cadence ?? '1d',
    enabled: policy?.enabled ?? false,
    keep_n: orNull(policy?.keepN),
    older_than: orNull(policy?.olderThan),
    name_regex: orNull(policy?.nameRegex),
    name_regex_delete: orNull(policy?.nameRegex),
    name_regex_keep: orNull(policy?.nameRegexKeep),
    next_run_at: isoTime(new Date(createdAt.getTime() + Number(days) * 86_400_000)),
  }
}
