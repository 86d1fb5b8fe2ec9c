import { FeatureAccessLevel } from '@suite/proto'
import { everyProjectAbility, projectAbilitiesFixture } from '../testing/abilities-fixture.js'
import { contextFixture, principalFixture, rootFixture } from '../testing/fixtures.js'
import { featuresFixture, projectFixture } from '../testing/project-fixture.js'
import { projectSimpleGolden } from '../testing/project-simple-golden.js'
import { presentProject } from './project.entity.js'

describe('presentProject', () => {
  it('starts with the simple fields and shows permissions, links and deprecated aliases', () => {
    const json = presentProject({ project: projectFixture() }, contextFixture())
    expect(json).toMatchObject({
      ...projectSimpleGolden,
      readme_url: 'https://gitlab.example.com/top/sub/team-app/-/blob/main/README.md',
      empty_repo: false,
      issues_enabled: true,
      merge_requests_enabled: false,
      issues_access_level: 'enabled',
      merge_requests_access_level: 'disabled',
      emails_disabled: false,
      emails_enabled: true,
      printing_merge_request_link_enabled: false,
      printing_merge_requests_link_enabled: false,
      _links: {
        self: 'https://gitlab.example.com/api/v4/projects/5',
        members: 'https://gitlab.example.com/api/v4/projects/5/members',
      },
      permissions: {
        project_access: null,
        group_access: { access_level: 30, notification_level: 3 },
      },
    })
    expect(Object.keys(json).slice(0, 5)).toEqual([
      'id',
      'description',
      'name',
      'name_with_namespace',
      'path',
    ])
    expect(json).not.toHaveProperty('owner')
    expect(json).not.toHaveProperty('license')
    expect(json).not.toHaveProperty('statistics')
  })

  it('hides :admin_project settings without that ability and shows them with it', () => {
    const developer = presentProject({ project: projectFixture() }, contextFixture())
    expect(developer).not.toHaveProperty('build_timeout')
    expect(developer).not.toHaveProperty('import_url')
    // Even an admin's view follows the abilities the projects service answered.
    const withoutAbility = presentProject(
      { project: projectFixture() },
      contextFixture({ principal: principalFixture(rootFixture()) }),
    )
    expect(withoutAbility).not.toHaveProperty('build_timeout')
    const admin = presentProject(
      { project: projectFixture({ abilities: everyProjectAbility() }) },
      contextFixture({ principal: principalFixture(rootFixture()) }),
    )
    expect(admin).toMatchObject({
      build_timeout: 3600,
      import_url: null,
      runners_token: 'GR1348941abcdefghijklmnopqrst',
    })
  })

  it('shows statistics with read_statistics when asked, and a null license when asked', () => {
    const json = presentProject(
      { project: projectFixture(), statistics: true, license: true },
      contextFixture(),
    )
    expect(json).toMatchObject({
      license_url: null,
      license: null,
      statistics: { commit_count: 3, repository_size: 2048, storage_size: 2048 },
    })
    const guest = presentProject(
      {
        project: projectFixture({
          callerAccessLevel: 10,
          abilities: projectAbilitiesFixture({ readStatistics: false }),
        }),
        statistics: true,
      },
      contextFixture(),
    )
    expect(guest).not.toHaveProperty('statistics')
  })

  it("shows the repository's license and the blob URL of its file when asked", () => {
    const project = projectFixture()
    const json = presentProject(
      {
        project: {
          ...project,
          repository: {
            empty: false,
            sizeBytes: 2048,
            commitCount: 3,
            readmePath: 'README.md',
            licensePath: 'COPYING',
            license: {
              key: 'gpl-3.0',
              name: 'GNU General Public License v3.0',
              nickname: 'GNU GPLv3',
              htmlUrl: 'http://choosealicense.com/licenses/gpl-3.0/',
              sourceUrl: 'http://www.gnu.org/licenses/gpl-3.0.txt',
            },
          },
        },
        license: true,
      },
      contextFixture(),
    )
    expect(json.license_url).toBe(`${json.web_url}/-/blob/${project.defaultBranch}/COPYING`)
    expect(json.license).toEqual({
      key: 'gpl-3.0',
      name: 'GNU General Public License v3.0',
      nickname: 'GNU GPLv3',
      html_url: 'http://choosealicense.com/licenses/gpl-3.0/',
      source_url: 'http://www.gnu.org/licenses/gpl-3.0.txt',
    })
  })

  it('shows the avatar URL and the repository object format', () => {
    const json = presentProject(
      {
        project: projectFixture({
          avatarFilename: 'my logo.png',
          repositoryObjectFormat: 'sha256',
        }),
      },
      contextFixture(),
    )
    expect(json).toMatchObject({
      avatar_url: 'https://gitlab.example.com/uploads/-/system/project/avatar/5/my%20logo.png',
      repository_object_format: 'sha256',
    })
    expect(presentProject({ project: projectFixture() }, contextFixture())).toMatchObject({
      avatar_url: null,
      repository_object_format: 'sha1',
    })
  })

  it('writes every feature level in GitLab words from the typed features, enabled when unset', () => {
    const {
      FEATURE_ACCESS_LEVEL_DISABLED,
      FEATURE_ACCESS_LEVEL_PRIVATE,
      FEATURE_ACCESS_LEVEL_PUBLIC,
    } = FeatureAccessLevel
    const features = {
      ...featuresFixture({
        repository: FEATURE_ACCESS_LEVEL_PRIVATE,
        builds: FEATURE_ACCESS_LEVEL_DISABLED,
        packageRegistry: FEATURE_ACCESS_LEVEL_PUBLIC,
      }),
      wiki: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_UNSPECIFIED,
    }
    const json = presentProject({ project: projectFixture({ features }) }, contextFixture())
    expect(json).toMatchObject({
      issues_access_level: 'enabled',
      repository_access_level: 'private',
      merge_requests_access_level: 'enabled',
      builds_access_level: 'disabled',
      wiki_access_level: 'enabled',
      package_registry_access_level: 'public',
      requirements_access_level: 'enabled',
      security_and_compliance_access_level: 'enabled',
      jobs_enabled: false,
      wiki_enabled: true,
      merge_requests_enabled: true,
      container_registry_enabled: true,
    })
    const levels = Object.keys(json).filter((key) => key.endsWith('_access_level'))
    expect(levels).toHaveLength(20)
  })

  it('answers can_create_merge_request_in from the create_merge_request_in ability', () => {
    const can = projectFixture({
      abilities: projectAbilitiesFixture({ createMergeRequestIn: true }),
    })
    const cannot = projectFixture({
      abilities: projectAbilitiesFixture({ createMergeRequestIn: false }),
    })
    const ctx = contextFixture()
    expect(presentProject({ project: can }, ctx).can_create_merge_request_in).toBe(true)
    expect(presentProject({ project: cannot }, ctx).can_create_merge_request_in).toBe(false)
    expect(
      presentProject({ project: projectFixture({ abilities: undefined }) }, ctx)
        .can_create_merge_request_in,
    ).toBe(false)
  })
})
