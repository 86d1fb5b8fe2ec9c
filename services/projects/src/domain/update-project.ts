import {
  ForbiddenError,
  InvalidError,
  isUniqueViolation,
  VisibilityLevel,
  visibilityLevel,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import { changeDefaultBranch } from './change-default-branch.js'
import { adminOnlySettings } from './admin-settings-rules.js'
import { applicationSettings, restrictedVisibilityError } from './application-settings.js'
import { avatarChange, type AvatarEdit } from './avatar.js'
import { validateSubClaimComponents } from './ci-settings-rules.js'
import { validateTextLimits } from './text-limits.js'
import { ErrorCollector, TAKEN } from './field-errors.js'
import { validateName, validatePath } from './path-rules.js'
import { accessFactsChanged } from './access-facts.js'
import type { ProjectWithAccess } from './project-abilities.js'
import type { Ports, ProjectStore } from './ports.js'
import { callerMemberships, findReadable, withAccess } from './read-projects.js'
import { cleanTopics, definedOnly, type SettingsInput } from './settings-input.js'

/**
 * PUT /projects/:id (API::Projects update): :admin_project may edit settings
 * (403 without it); a name needs :rename_project, a visibility change
 * :change_visibility_level and archiving :archive_project. Path changes are
 * validated as on create and must stay unique in the namespace. A new avatar
 * is validated as on create; `avatar=` given empty removes it
 * (remove_avatar!). A change other services' read models depend on queues
 * the project's access facts with it.
 */
export async function updateProject(
  store: ProjectStore,
  ports: Ports,
  caller: Caller,
  id: number,
  given: SettingsInput,
  importUrl: string | undefined,
  avatarEdit: AvatarEdit = {},
): Promise<ProjectWithAccess> {
  const memberships = await callerMemberships(ports.identity, caller)
  const { project, abilities } = await findReadable(store, caller, { id }, memberships)
  if (!abilities.adminProject) throw new ForbiddenError()
  if (given.name !== undefined && given.name !== '' && !abilities.renameProject) {
    throw new ForbiddenError()
  }
  const changes = <T>(value: T | undefined, current: T) => value !== undefined && value !== current
  if (changes(given.visibility, project.visibility) && !abilities.changeVisibilityLevel) {
    throw new ForbiddenError()
  }
  if (changes(given.archived, project.archived) && !abilities.archiveProject) {
    throw new ForbiddenError()
  }
  if (changes(given.visibility, project.visibility) && given.visibility !== undefined) {
    // UpdateService#valid_visibility_level_change?: a restricted level stops the update alone.
    const instance = ports.settings && applicationSettings((await ports.settings.stored()).values)
    const restricted = restrictedVisibilityError(instance, caller, given.visibility)
    if (restricted) throw new InvalidError({ visibility_level: [restricted] })
  }

  const name = given.name ?? project.name
  const path = given.path ?? project.path
  const errors = new ErrorCollector()
  if (given.name !== undefined) validateName(name, errors)
  if (given.path !== undefined && given.path !== project.path) validatePath(path, errors)
  const subClaim = given.settings.ciIdTokenSubClaimComponents
  if (subClaim !== undefined) validateSubClaimComponents(subClaim, errors)
  validateTextLimits(given, errors)
  const givenSettings = adminOnlySettings(caller, given.settings, errors)
  const avatar = avatarChange(avatarEdit, errors)
  if (name !== project.name || path.toLowerCase() !== project.path.toLowerCase()) {
    const taken = await store.taken(project.namespace.id, name, path, project.id)
    if (taken.name && name !== project.name) errors.add('name', TAKEN)
    if (taken.path) errors.add('path', TAKEN)
  }
  const visibility = given.visibility ?? project.visibility
  if (project.namespace.kind === 'group' && given.visibility !== undefined) {
    // The group's level is not stored here; identity's namespace tells it.
    const target = await ports.identity.namespace(
      { userId: undefined, admin: true },
      project.namespace.id,
    )
    const groupLevel =
      visibilityLevel(target?.visibility ?? 'public') ?? VisibilityLevel.VISIBILITY_LEVEL_PUBLIC
    if ((visibilityLevel(visibility) ?? 0) > groupLevel) {
      errors.add(
        'visibility_level',
        `${visibility} is not allowed in a ${target?.visibility ?? 'public'} group.`,
      )
    }
  }
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  await changeDefaultBranch(ports, project.id, project.defaultBranch, given.defaultBranch)

  const updated = {
    ...project,
    name,
    path,
    fullPath: `${project.namespace.fullPath}/${path}`,
    description: given.description ?? project.description,
    visibility,
    defaultBranch: given.defaultBranch ?? project.defaultBranch,
    archived: given.archived ?? project.archived,
    importUrl: importUrl ?? project.importUrl,
    avatarFilename:
      avatar === undefined
        ? project.avatarFilename
        : avatar.kind === 'set'
          ? avatar.avatar.filename
          : null,
    features: { ...project.features, ...definedOnly(given.features) },
    flags: { ...project.flags, ...definedOnly(given.flags) },
    settings: {
      ...project.settings,
      ...definedOnly(givenSettings),
      containerExpirationPolicy: {
        ...project.settings.containerExpirationPolicy,
        ...definedOnly(given.containerExpirationPolicy),
      },
    },
  }
  try {
    await store.update(
      updated,
      given.topics === undefined ? undefined : cleanTopics(given.topics),
      avatar,
      accessFactsChanged(project, updated),
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidError({ path: [TAKEN] })
    throw error
  }
  const fresh = await store.findById(project.id)
  if (!fresh) throw new Error(`project ${project.id} vanished during its update`)
  return withAccess(fresh, caller, memberships)
}
