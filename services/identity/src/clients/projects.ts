import { ApplicationSettingServiceClient, NamespaceProjectsServiceClient } from '@suite/proto'
import { createClient, visibilityLevel, type Registry, type VisibilityName } from '@suite/runtime'
import type { ProjectsPort } from '../domain/ports.js'

function isVisibilityName(name: string): name is VisibilityName {
  return visibilityLevel(name) !== undefined
}

/** A subtree's sync rewrites many rows: it may take longer than a read. */
const SYNC_DEADLINE_MS = 30_000

/** The projects service as identity's group changes need it. */
export function createProjectsPort(
  address: string,
  registry: Registry,
  internalSecret: string,
): ProjectsPort & { close: () => void } {
  const read = createClient(NamespaceProjectsServiceClient, {
    address,
    registry,
    internalSecret,
    retries: 2,
  })
  // The sync writes snapshots (idempotent), so a retry cannot do harm.
  const write = createClient(NamespaceProjectsServiceClient, {
    address,
    registry,
    internalSecret,
    retries: 2,
    deadlineMs: SYNC_DEADLINE_MS,
  })
  const settings = createClient(ApplicationSettingServiceClient, {
    address,
    registry,
    internalSecret,
    retries: 2,
  })
  /** Every setting by name: the suite's own question, as an administrator, which the settings require. */
  async function instanceSettings(): Promise<Record<string, unknown>> {
    const answer = await settings.rpc.getApplicationSettings({
      caller: { admin: true, scopes: ['api'] },
    })
    return JSON.parse(answer.settingsJson) as Record<string, unknown>
  }

  return {
    async defaultProjectsLimit() {
      const limit = (await instanceSettings())['default_projects_limit']
      return typeof limit === 'number' ? limit : 100000
    },
    async groupVisibilitySettings() {
      const values = await instanceSettings()
      const fallback = values['default_group_visibility']
      const restricted = values['restricted_visibility_levels']
      return {
        defaultGroupVisibility:
          typeof fallback === 'string' && isVisibilityName(fallback) ? fallback : 'private',
        restrictedVisibilityLevels: Array.isArray(restricted)
          ? restricted.filter((level): level is string => typeof level === 'string')
          : [],
      }
    },
    async maxProjectVisibility(namespaceId) {
      const answer = await read.rpc.getNamespaceProjectsVisibility({ namespaceId })
      return answer.hasProjects ? answer.maxVisibilityLevel : undefined
    },
    async projectPathTaken(namespaceId, path) {
      const answer = await read.rpc.getNamespaceProjectsVisibility({
        namespaceId,
        projectPath: path,
      })
      return answer.projectPathTaken
    },
    async syncNamespaces(namespaces) {
      await write.rpc.syncNamespaces({
        namespaces: namespaces.map((namespace) => ({
          id: namespace.id,
          fullPath: namespace.fullPath,
          fullName: namespace.fullName,
          parentId: namespace.parentId ?? undefined,
          traversalIds: [...namespace.traversalIds],
          visibilityLevel: namespace.visibilityLevel,
        })),
      })
    },
    close: () => {
      read.raw.close()
      write.raw.close()
      settings.raw.close()
    },
  }
}
