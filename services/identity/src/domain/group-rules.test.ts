import { DEFAULT_GROUP_SETTINGS, type Group } from './namespace.js'
import { GROUP_NAME_MESSAGE, groupModelErrors, groupParamErrors } from './group-rules.js'
import { inspectRubyErrors } from './ruby-inspect.js'

const parent: Group = {
  id: 1,
  kind: 'group',
  name: 'Parent',
  path: 'parent',
  fullPath: 'parent',
  fullName: 'Parent',
  parentId: null,
  ownerId: null,
  visibilityLevel: 0,
  traversalIds: [1],
  description: '',
  createdAt: new Date(0),
  settings: DEFAULT_GROUP_SETTINGS,
}

const base = {
  name: 'Child',
  path: 'child',
  description: '',
  visibilityLevel: 0,
  twoFactorGracePeriod: 48,
  parent: undefined,
  nameTaken: false,
  pathTaken: false,
}

describe('groupModelErrors', () => {
  it('accepts a valid group', () => {
    expect(groupModelErrors(base)).toEqual({})
  })

  it("orders a visibility below projects and sub-groups and above the parent as Group's validations", () => {
    const errors = groupModelErrors({
      ...base,
      visibilityLevel: 10,
      parent,
      projectsMoreVisible: true,
      subgroupsMoreVisible: true,
    })
    expect(errors).toEqual({
      visibility_level: [
        'internal is not allowed since this group contains projects with higher visibility.',
        'internal is not allowed since there are sub-groups with higher visibility.',
        'internal is not allowed since the parent group has a private visibility.',
      ],
    })
  })

  it('renders a taken path as GitLab’s failed save', () => {
    const errors = groupModelErrors({ ...base, pathTaken: true })
    expect(`Failed to save group ${inspectRubyErrors(errors)}`).toBe(
      'Failed to save group {:path=>["has already been taken"]}',
    )
  })

  it('refuses a subgroup more visible than its parent', () => {
    expect(groupModelErrors({ ...base, parent, visibilityLevel: 10 })).toEqual({
      visibility_level: [
        'internal is not allowed since the parent group has a private visibility.',
      ],
    })
  })

  it('checks names and reserved paths', () => {
    expect(groupModelErrors({ ...base, name: '-bad', path: 'admin' })).toEqual({
      path: ['admin is a reserved name'],
      name: [GROUP_NAME_MESSAGE],
    })
    expect(groupModelErrors({ ...base, parent, path: 'admin', nameTaken: true })).toEqual({
      name: ['has already been taken'],
    })
  })

  it('accepts names with spaces, parentheses and non-ASCII letters', () => {
    expect(groupModelErrors({ ...base, name: 'Équipe (dev) 2.0' })).toEqual({})
  })
})

describe('groupParamErrors', () => {
  it('refuses values outside GitLab’s lists', () => {
    expect(groupParamErrors({ visibility: 'secret', subgroupCreationLevel: 'developer' })).toEqual({
      visibility: ['does not have a valid value'],
      subgroup_creation_level: ['does not have a valid value'],
    })
  })
})
