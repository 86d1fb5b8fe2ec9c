import type {
  CiVariable as CiVariableMessage,
  CreateVariableRequest,
  CreateVariableResponse,
  DeleteVariableRequest,
  DeleteVariableResponse,
  GetVariableRequest,
  GetVariableResponse,
  ListVariablesRequest,
  ListVariablesResponse,
  UpdateVariableRequest,
  UpdateVariableResponse,
  VariableOwner as VariableOwnerMessage,
  VariableServiceServer,
} from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import {
  VARIABLE_TYPES,
  type CiVariable,
  type VariableOwner,
  type VariableStore,
  type VariableType,
} from '../domain/variable.js'
import {
  createVariable,
  deleteVariable,
  getVariable,
  listVariables,
  updateVariable,
} from '../domain/variables.js'
import { callerOf } from './from-proto.js'

/** Whose variables the request names; none is a bad request. */
function ownerOf(owner: VariableOwnerMessage | undefined): VariableOwner {
  if (owner?.projectId !== undefined) return { kind: 'project', id: owner.projectId }
  if (owner?.groupId !== undefined) return { kind: 'group', id: owner.groupId }
  if (owner?.instance === true) return { kind: 'instance' }
  throw new InvalidError({}, 'owner is missing')
}

/** env_var or file (the gateway refuses others first, as Grape's values: does). */
function typeOf(type: string | undefined): VariableType | undefined {
  if (type === undefined) return undefined
  if (!(VARIABLE_TYPES as readonly string[]).includes(type)) {
    throw new InvalidError({}, 'variable_type does not have a valid value')
  }
  return type as VariableType
}

/** API::Entities::Ci::Variable's facts; a hidden variable's value never leaves the service. */
export function toVariableMessage(owner: VariableOwner, variable: CiVariable): CiVariableMessage {
  return {
    key: variable.key,
    value: variable.hidden ? undefined : variable.value,
    variableType: variable.variableType,
    protected: variable.protected,
    masked: variable.masked,
    hidden: variable.hidden,
    raw: variable.raw,
    environmentScope: owner.kind === 'instance' ? undefined : variable.environmentScope,
    description: variable.description ?? undefined,
  }
}

/** gitlab.ci.v1.VariableService */
export function variableService(server: GrpcServer, store: VariableStore): VariableServiceServer {
  return {
    listVariables: server.unary(
      'ListVariables',
      async (req: ListVariablesRequest): Promise<ListVariablesResponse> => {
        const owner = ownerOf(req.owner)
        const { variables, total } = await listVariables(
          store,
          callerOf(req.caller),
          owner,
          req.page,
        )
        return {
          variables: variables.map((variable) => toVariableMessage(owner, variable)),
          pageInfo: { total },
        }
      },
    ),

    getVariable: server.unary(
      'GetVariable',
      async (req: GetVariableRequest): Promise<GetVariableResponse> => {
        const owner = ownerOf(req.owner)
        const caller = callerOf(req.caller)
        const found = await getVariable(store, caller, owner, req.key, req.filterEnvironmentScope)
        return { variable: toVariableMessage(owner, found) }
      },
    ),

    createVariable: server.unary(
      'CreateVariable',
      async (req: CreateVariableRequest): Promise<CreateVariableResponse> => {
        const owner = ownerOf(req.owner)
        const created = await createVariable(store, callerOf(req.caller), owner, {
          key: req.key,
          value: req.value,
          protected: req.protected,
          masked: req.masked,
          maskedAndHidden: req.maskedAndHidden,
          raw: req.raw,
          variableType: typeOf(req.variableType),
          environmentScope: req.environmentScope,
          description: req.description,
        })
        return { variable: toVariableMessage(owner, created) }
      },
    ),

    updateVariable: server.unary(
      'UpdateVariable',
      async (req: UpdateVariableRequest): Promise<UpdateVariableResponse> => {
        const owner = ownerOf(req.owner)
        const target = { key: req.key, scope: req.filterEnvironmentScope }
        const updated = await updateVariable(store, callerOf(req.caller), owner, target, {
          value: req.value,
          protected: req.protected,
          masked: req.masked,
          raw: req.raw,
          variableType: typeOf(req.variableType),
          environmentScope: req.environmentScope,
          description: req.description,
        })
        return { variable: toVariableMessage(owner, updated) }
      },
    ),

    deleteVariable: server.unary(
      'DeleteVariable',
      async (req: DeleteVariableRequest): Promise<DeleteVariableResponse> => {
        const owner = ownerOf(req.owner)
        const caller = callerOf(req.caller)
        await deleteVariable(store, caller, owner, req.key, req.filterEnvironmentScope)
        return {}
      },
    ),
  }
}
