import { APP_TEMPLATES } from './app-templates.js'
import { PAGES_TEMPLATES } from './pages-templates.js'
import { PLATFORM_TEMPLATES } from './platform-templates.js'
import type { ProjectTemplate } from './template.js'

/** Every built-in template, in Gitlab::ProjectTemplate's order of kinds. */
export const PROJECT_TEMPLATES: readonly ProjectTemplate[] = [
  ...APP_TEMPLATES,
  ...PAGES_TEMPLATES,
  ...PLATFORM_TEMPLATES,
]

/** Gitlab::ProjectTemplate.find: the template of that exact name, else undefined. */
export function findProjectTemplate(name: string): ProjectTemplate | undefined {
  return PROJECT_TEMPLATES.find((template) => template.name === name)
}
