import type {
  ContainerExpirationPolicy,
  FeatureLevels,
  Flags,
  ScalarSettings,
} from './project-settings.js'
import { type VisibilityName } from '@suite/runtime'

/** What create and edit may set; undefined means unchanged (or GitLab's default on create). */
export interface SettingsInput {
  name?: string | undefined
  path?: string | undefined
  description?: string | undefined
  visibility?: VisibilityName | undefined
  defaultBranch?: string | undefined
  topics?: string[] | undefined
  archived?: boolean | undefined
  features: Partial<FeatureLevels>
  flags: Partial<Flags>
  settings: Partial<Omit<ScalarSettings, 'containerExpirationPolicy'>>
  containerExpirationPolicy: Partial<ContainerExpirationPolicy>
}

/** Topics as GitLab keeps them: trimmed, blanks dropped, each once (case-insensitively). */
export function cleanTopics(topics: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of topics) {
    const topic = raw.trim()
    if (topic === '' || seen.has(topic.toLowerCase())) continue
    seen.add(topic.toLowerCase())
    out.push(topic)
  }
  return out
}

/** Drops undefined entries so they do not override what is there. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
