import { SourceType } from '@suite/proto'
import { presentMembership } from './membership.entity.js'

describe('presentMembership', () => {
  it('presents a group membership as Namespace and a project one as Project', () => {
    expect(
      presentMembership({
        membership: {
          sourceType: SourceType.SOURCE_TYPE_GROUP,
          sourceId: 5,
          accessLevel: 30,
          groupName: 'Team',
        },
        sourceName: 'Team',
      }),
    ).toEqual({ source_id: 5, source_name: 'Team', source_type: 'Namespace', access_level: 30 })
    expect(
      presentMembership({
        membership: {
          sourceType: SourceType.SOURCE_TYPE_PROJECT,
          sourceId: 9,
          accessLevel: 40,
          groupName: undefined,
        },
        sourceName: null,
      }),
    ).toEqual({ source_id: 9, source_name: null, source_type: 'Project', access_level: 40 })
  })
})
