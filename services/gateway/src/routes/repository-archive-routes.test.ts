import { archivePrefix } from './repository-archive.routes.js'

describe('archivePrefix (Repository#archive_prefix with append_sha)', () => {
  const sha = 'a'.repeat(40)

  it('joins the project path, the ref with slashes made dashes and the sha', () => {
    expect(archivePrefix('proj', 'main', sha)).toBe(`proj-main-${sha}`)
    expect(archivePrefix('proj', 'feature/x/y', sha)).toBe(`proj-feature-x-y-${sha}`)
    expect(archivePrefix('proj', sha, sha)).toBe(`proj-${sha}-${sha}`)
  })

  it('appends a directory with its slashes made dashes, outer ones too, as GitLab does', () => {
    expect(archivePrefix('proj', 'main', sha, 'lib/deep')).toBe(`proj-main-${sha}-lib-deep`)
    expect(archivePrefix('proj', 'main', sha, '/lib/')).toBe(`proj-main-${sha}--lib-`)
  })
})
