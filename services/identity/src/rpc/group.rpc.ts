import type {
  BatchGetGroupsRequest,
  BatchGetGroupsResponse,
  CreateGroupRequest,
  CreateGroupResponse,
  GetGroupRequest,
  GetGroupResponse,
  GetNamespaceRequest,
  GetNamespaceResponse,
  GroupServiceServer,
  ListGroupsRequest,
  ListGroupsResponse,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { createGroup } from '../domain/create-group.js'
import { batchGetGroups, getGroup, getNamespace } from '../domain/get-group.js'
import { listGroups } from '../domain/list-groups.js'
import type { ProjectsPort, Stores } from '../domain/ports.js'
import { presentString, toCaller, toNamespaceRef, toPage } from './from-proto.js'
import { toGroupMessage, toNamespaceMessage } from './to-proto.js'

function createGroupInput(req: CreateGroupRequest) {
  return {
    name: req.name,
    path: req.path,
    parentId: req.parentId,
    visibility: presentString(req.visibility),
    description: req.description,
    settings: {
      shareWithGroupLock: req.shareWithGroupLock,
      requireTwoFactorAuthentication: req.requireTwoFactorAuthentication,
      twoFactorGracePeriod: req.twoFactorGracePeriod,
      projectCreationLevel: presentString(req.projectCreationLevel),
      subgroupCreationLevel: presentString(req.subgroupCreationLevel),
      lfsEnabled: req.lfsEnabled,
      requestAccessEnabled: req.requestAccessEnabled,
      emailsEnabled: req.emailsEnabled,
      mentionsDisabled: req.mentionsDisabled,
      defaultBranch: presentString(req.defaultBranch),
      defaultBranchProtection: req.defaultBranchProtection,
      autoDevopsEnabled: req.autoDevopsEnabled,
    },
  }
}

/** Drops the settings the request left out, so defaults apply. */
function definedOnly<T extends object>(
  value: T,
): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>
  }>
}

/** gitlab.identity.v1.GroupService */
export function groupService(
  server: GrpcServer,
  stores: Stores,
  projects: Pick<ProjectsPort, 'groupVisibilitySettings'>,
): GroupServiceServer {
  return {
    createGroup: server.unary(
      'CreateGroup',
      async (req: CreateGroupRequest): Promise<CreateGroupResponse> => {
        const input = createGroupInput(req)
        const { group, abilities } = await createGroup(stores, projects, toCaller(req.caller), {
          ...input,
          settings: definedOnly(input.settings),
        })
        return { group: toGroupMessage(group, abilities) }
      },
    ),

    getGroup: server.unary('GetGroup', async (req: GetGroupRequest): Promise<GetGroupResponse> => {
      const { group, abilities } = await getGroup(
        stores,
        toCaller(req.caller),
        toNamespaceRef(req.group),
      )
      return { group: toGroupMessage(group, abilities) }
    }),

    listGroups: server.unary(
      'ListGroups',
      async (req: ListGroupsRequest): Promise<ListGroupsResponse> => {
        const { groups, total } = await listGroups(stores, toCaller(req.caller), {
          ...req,
          page: toPage(req.page),
          search: presentString(req.search),
          visibility: presentString(req.visibility),
        })
        return {
          groups: groups.map(({ group, abilities }) => toGroupMessage(group, abilities)),
          pageInfo: { total },
        }
      },
    ),

    batchGetGroups: server.unary(
      'BatchGetGroups',
      async (req: BatchGetGroupsRequest): Promise<BatchGetGroupsResponse> => ({
        // No caller: the groups come without the caller's level and abilities.
        groups: (await batchGetGroups(stores, req.ids)).map((group) =>
          toGroupMessage(group, undefined),
        ),
      }),
    ),

    getNamespace: server.unary(
      'GetNamespace',
      async (req: GetNamespaceRequest): Promise<GetNamespaceResponse> => {
        const { namespace, level } = await getNamespace(
          stores,
          toCaller(req.caller),
          toNamespaceRef(req),
        )
        return { namespace: toNamespaceMessage(namespace), callerAccessLevel: level }
      },
    ),
  }
}
