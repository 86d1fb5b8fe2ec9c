/** One file of a built-in template. */
export interface TemplateFile {
  path: string
  content: string
  executable?: boolean
}

/**
 * A built-in project template (Gitlab::ProjectTemplate): GitLab imports an
 * archive of the template project; these are small starting points with the
 * same names, committed as the first commit of the new project.
 */
export interface ProjectTemplate {
  name: string
  title: string
  description: string
  /** Every file but the README, which readmeOf writes from the rest. */
  files: TemplateFile[]
}

/** The README every template starts with: what it is and what it holds. */
export function readmeOf(template: ProjectTemplate): string {
  const listing = template.files.map((file) => `- \`${file.path}\``).join('\n')
  return [
    `# ${template.title}`,
    '',
    template.description,
    '',
    `This project was created from the built-in \`${template.name}\` template: a small,`,
    'working starting point rather than a full application. It holds:',
    '',
    listing,
    '',
    'Push your own code to replace or extend it.',
    '',
  ].join('\n')
}

/** The files of the first commit: the README, then the template's own files. */
export function templateFiles(template: ProjectTemplate): TemplateFile[] {
  return [{ path: 'README.md', content: readmeOf(template) }, ...template.files]
}

/** A `.gitlab-ci.yml` with one image and its jobs (stage, script lines). */
export function ciFile(image: string, jobs: Record<string, [string, ...string[]]>): TemplateFile {
  const lines = [`image: ${image}`, '']
  const stages = [...new Set(Object.values(jobs).map(([stage]) => stage))]
  lines.push('stages:', ...stages.map((stage) => `  - ${stage}`), '')
  for (const [job, [stage, ...script]] of Object.entries(jobs)) {
    lines.push(`${job}:`, `  stage: ${stage}`, '  script:', ...script.map((s) => `    - ${s}`))
    if (job === 'pages') lines.push('  artifacts:', '    paths:', '      - public')
    if (job === 'pages') lines.push('  rules:', '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH')
    lines.push('')
  }
  return { path: '.gitlab-ci.yml', content: lines.join('\n') }
}
