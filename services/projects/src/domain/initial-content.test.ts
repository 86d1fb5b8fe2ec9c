import { InvalidError } from '@suite/runtime'
import { ErrorCollector } from './field-errors.js'
import { initialContent } from './initial-content.js'
import { PROJECT_TEMPLATES } from './project-templates/catalogue.js'

const README = '# Demo\n'

/** The field errors of the InvalidError a call throws. */
function fieldErrorsOf(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldErrors
    throw error
  }
  throw new Error('nothing was thrown')
}

describe('initialContent', () => {
  it('starts empty on the default branch in sha1', () => {
    const errors = new ErrorCollector()
    expect(
      initialContent({ initializeWithReadme: false, defaultBranch: 'dev' }, README, errors),
    ).toEqual({
      defaultBranch: 'main',
      objectFormat: 'sha1',
      commit: undefined,
      importType: undefined,
    })
  })

  it('commits a README on the given default branch', () => {
    const content = initialContent(
      { initializeWithReadme: true, defaultBranch: 'dev', repositoryObjectFormat: 'sha256' },
      README,
      new ErrorCollector(),
    )
    expect(content).toEqual({
      defaultBranch: 'dev',
      objectFormat: 'sha256',
      commit: { message: 'Initial commit', files: [{ path: 'README.md', content: README }] },
      importType: undefined,
    })
  })

  it('refuses an object format git does not know', () => {
    const errors = new ErrorCollector()
    initialContent({ initializeWithReadme: false, repositoryObjectFormat: 'md5' }, README, errors)
    expect(errors.toJSON()).toEqual({ repository_object_format: ['is not included in the list'] })
  })

  it("commits a built-in template's files on main", () => {
    const content = initialContent(
      { initializeWithReadme: false, templateName: 'express', defaultBranch: 'dev' },
      README,
      new ErrorCollector(),
    )
    expect(content.defaultBranch).toBe('main')
    expect(content.importType).toBe('gitlab_built_in_project_template')
    expect(content.commit?.files.map((file) => file.path)).toEqual([
      'README.md',
      'package.json',
      'app.js',
      '.gitlab-ci.yml',
    ])
  })

  it("answers an unknown template with CreateFromTemplateService's error", () => {
    const run = () =>
      initialContent(
        { initializeWithReadme: false, templateName: 'nope' },
        README,
        new ErrorCollector(),
      )
    expect(fieldErrorsOf(run)).toEqual({ template_name: ["'nope' is unknown or invalid"] })
  })

  it('answers a custom template id as GitLab CE does', () => {
    const run = () =>
      initialContent(
        { initializeWithReadme: false, templateProjectId: 4 },
        README,
        new ErrorCollector(),
      )
    expect(fieldErrorsOf(run)).toEqual({ template_name: ["'' is unknown or invalid"] })
  })

  it('ignores a blank template name', () => {
    const content = initialContent(
      { initializeWithReadme: false, templateName: '' },
      README,
      new ErrorCollector(),
    )
    expect(content.commit).toBeUndefined()
  })
})

describe('the built-in templates', () => {
  it("cover every name of GitLab's ProjectTemplate list, once", () => {
    expect(PROJECT_TEMPLATES.map((t) => t.name).sort()).toEqual(
      [
        'rails',
        'spring',
        'express',
        'iosswift',
        'dotnetcore',
        'android',
        'gomicro',
        'astro',
        'docusaurus',
        'hugo',
        'jekyll',
        'nextjs',
        'nuxt',
        'plainhtml',
        'gitpod_spring_petclinic',
        'salesforcedx',
        'serverless_framework',
        'tencent_serverless_framework',
        'jsonnet',
        'cluster_management',
        'kotlin_native_linux',
        'typo3_distribution',
        'laravel',
        'nist_80053r5',
        'gitlab_components',
      ].sort(),
    )
  })

  it.each(PROJECT_TEMPLATES.map((t) => [t.name, t] as const))(
    '%s has a CI file and app files',
    (_name, template) => {
      const paths = template.files.map((file) => file.path)
      expect(paths).toContain('.gitlab-ci.yml')
      expect(paths.length).toBeGreaterThanOrEqual(2)
      expect(new Set(paths).size).toBe(paths.length)
      expect(paths).not.toContain('README.md')
    },
  )
})
