import { InvalidError } from '@suite/runtime'
import type { ErrorCollector } from './field-errors.js'
import { findProjectTemplate } from './project-templates/catalogue.js'
import { templateFiles, type TemplateFile } from './project-templates/template.js'

/** Project#default_branch_or_main when the instance names no default_branch_name. */
export const DEFAULT_BRANCH = 'main'

/** The object formats `git init --object-format` takes (repository_object_format). */
export const OBJECT_FORMATS = ['sha1', 'sha256'] as const
export type ObjectFormat = (typeof OBJECT_FORMATS)[number]

/** The first commit of a new repository. */
export interface InitialCommit {
  message: string
  files: TemplateFile[]
}

/** What a new repository starts with. */
export interface InitialContent {
  defaultBranch: string
  objectFormat: ObjectFormat
  commit: InitialCommit | undefined
  /** The import a template counts as (Project#import_type), when one was used. */
  importType: 'gitlab_built_in_project_template' | undefined
}

export interface InitialContentInput {
  initializeWithReadme: boolean
  /** The given default_branch (it only counts with a README). */
  defaultBranch?: string | undefined
  /** The instance's default_branch_name, when an administrator set one. */
  instanceDefaultBranch?: string | undefined
  templateName?: string | undefined
  templateProjectId?: number | undefined
  repositoryObjectFormat?: string | undefined
}

/** Projects::CreateService#create_from_template?: a non-blank template_name or template_project_id. */
function fromTemplate(input: InitialContentInput): boolean {
  return (input.templateName ?? '') !== '' || input.templateProjectId !== undefined
}

/**
 * The repository a creation starts with: a built-in template's files, a
 * README, or nothing. An unknown template (or, as in GitLab CE, a custom
 * template_project_id) fails at once with CreateFromTemplateService's only
 * error, before any other validation. Project#default_branch of an empty
 * repository (or a template's) is the instance's default branch name; a given
 * one only counts with a README commit on it.
 */
export function initialContent(
  input: InitialContentInput,
  readme: string,
  errors: ErrorCollector,
): InitialContent {
  const instanceBranch = input.instanceDefaultBranch || DEFAULT_BRANCH
  let objectFormat: ObjectFormat = 'sha1'
  const givenFormat = input.repositoryObjectFormat
  if (givenFormat !== undefined) {
    if ((OBJECT_FORMATS as readonly string[]).includes(givenFormat)) {
      objectFormat = givenFormat as ObjectFormat
    } else {
      errors.add('repository_object_format', 'is not included in the list')
    }
  }
  if (fromTemplate(input)) {
    const name = input.templateName ?? ''
    const template = findProjectTemplate(name)
    if (!template) throw new InvalidError({ template_name: [`'${name}' is unknown or invalid`] })
    return {
      defaultBranch: instanceBranch,
      objectFormat,
      commit: {
        message: `Initialize from the built-in ${template.name} template`,
        files: templateFiles(template),
      },
      importType: 'gitlab_built_in_project_template',
    }
  }
  if (!input.initializeWithReadme) {
    return { defaultBranch: instanceBranch, objectFormat, commit: undefined, importType: undefined }
  }
  return {
    defaultBranch: input.defaultBranch ?? instanceBranch,
    objectFormat,
    commit: { message: 'Initial commit', files: [{ path: 'README.md', content: readme }] },
    importType: undefined,
  }
}
