import type { NamespaceForCreate } from './ports.js'
import { mayTransferInto } from './transfer-project.js'

const ALICE = { userId: 7, admin: false }
const ADMIN = { userId: 1, admin: true }

const personal = (ownerId: number): NamespaceForCreate => ({
  namespace: {
    id: 3,
    fullPath: 'someone',
    fullName: 'Someone',
    kind: 'user',
    parentId: null,
    traversalIds: [],
    ownerId,
  },
  visibility: 'public',
  mayCreateProjects: false,
  callerLevel: 50,
})

const group = (callerLevel: number, mayCreateProjects: boolean): NamespaceForCreate => ({
  namespace: {
    id: 9,
    fullPath: 'team',
    fullName: 'Team',
    kind: 'group',
    parentId: null,
    traversalIds: [9],
    ownerId: null,
  },
  visibility: 'private',
  mayCreateProjects,
  callerLevel,
})

describe('mayTransferInto (transfer_projects)', () => {
  it("lets a personal namespace's owner and admins in, nobody else", () => {
    expect(mayTransferInto(personal(ALICE.userId), ALICE)).toBe(true)
    expect(mayTransferInto(personal(99), ALICE)).toBe(false)
    expect(mayTransferInto(personal(99), ADMIN)).toBe(true)
  })

  it('asks a group for Maintainer and create_projects (GroupPolicy)', () => {
    expect(mayTransferInto(group(40, true), ALICE)).toBe(true)
    expect(mayTransferInto(group(50, true), ALICE)).toBe(true)
    // A Developer may create projects by default, but not transfer them in.
    expect(mayTransferInto(group(30, true), ALICE)).toBe(false)
    // project_creation_level stops Maintainers and, with 'noone', admins too.
    expect(mayTransferInto(group(40, false), ALICE)).toBe(false)
    expect(mayTransferInto(group(0, false), ADMIN)).toBe(false)
    expect(mayTransferInto(group(0, true), ADMIN)).toBe(true)
  })
})
