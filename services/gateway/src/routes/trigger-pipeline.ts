import type { Request, Response } from 'express'
import { ANONYMOUS } from '../auth/principal.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import { projectRef } from '../clients/project-lookups.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { loadUsersThrough, type ReadModels } from '../clients/read-models.js'
import { requireField } from '../clients/require-field.js'
import { presentPipeline, pipelineUserIds } from '../entities/pipeline.entity.js'
import { forbidden, notFound } from '../errors/http-error.js'
import { sendJson } from '../middleware/json-response.js'
import { hasNul } from '../params/coercions.js'
import { parseParams } from '../params/parse-params.js'
import { rawParams } from '../params/raw-params.js'
import { triggerInputs, triggerPipelineParams, triggerVariables } from '../params/trigger-params.js'
import type { ApiRouter } from './api-router.js'
import { isMultipart, readMultipart } from './multipart-form.js'

/** What the trigger tokens routes and the trigger endpoint call. */
export interface TriggerPipelineDeps {
  pipelines: PipelinesClients
  projects: Pick<ProjectsClients, 'projects'>
  identity: Pick<IdentityClients, 'users'>
  readModels?: ReadModels
  externalUrl: string
}

const PIPELINE = '/projects/:id/trigger/pipeline'
/** The legacy form names the ref in the path; it may hold slashes (Grape's `ref: /.+/`). */
const REF_PIPELINE = '/projects/:id/ref/*ref/trigger/pipeline'

/** Gitlab::WebHooks::GITLAB_EVENT_HEADER's value for pipeline hooks: a hook calling back in. */
const PIPELINE_HOOK = 'Pipeline Hook'

/** Express 5 hands a `*name` parameter over as its segments. */
function pathRef(req: Request): string | undefined {
  const value: unknown = req.params['ref']
  if (Array.isArray(value)) return value.join('/')
  return typeof value === 'string' ? value : undefined
}

async function triggerFromRequest(req: Request, res: Response, deps: TriggerPipelineDeps) {
  // `curl -F token=... -F ref=main`: the token is a form field, so the form is read before
  // anyone is known; it may carry fields only, within the form limits.
  if (isMultipart(req)) await readMultipart(req, res, { files: false })
  const ref = pathRef(req)
  const raw = ref === undefined ? rawParams(req) : { ...rawParams(req), ref }
  const params = parseParams(triggerPipelineParams, raw)
  if (req.get('X-Gitlab-Event') === PIPELINE_HOOK) throw forbidden()
  const variables = triggerVariables(params.variables)
  const id = String(req.params['id'])
  if (id === '' || hasNul(id)) throw notFound()
  const { pipeline } = await deps.pipelines.triggers.triggerPipeline({
    token: params.token,
    project: projectRef(id),
    ref: params.ref,
    variables,
    inputs: triggerInputs(params.inputs),
  })
  const created = requireField(pipeline, 'pipeline')
  const item = {
    pipeline: created,
    project: (await loadProjects(deps.projects, [created.projectId])).get(created.projectId),
  }
  const users = await loadUsersThrough(deps.readModels, deps.identity, pipelineUserIds(item))
  const ctx = { externalUrl: deps.externalUrl, principal: ANONYMOUS, abilities: {}, users }
  sendJson(res, 201, presentPipeline(item, ctx))
}

/**
 * POST .../trigger/pipeline: authenticated by the `token` parameter alone (a
 * personal token sent along is ignored, as GitLab never asks who the caller
 * is here), so it bypasses the route pipeline's authentication and `:id`
 * resolution: the project may be private to everyone but the token's owner,
 * and any miss is one 404 Not Found from ci-triggers. Never cached.
 */
export function triggerPipelineRoutes(api: ApiRouter, deps: TriggerPipelineDeps): void {
  for (const path of [PIPELINE, REF_PIPELINE]) {
    api.router.post(path, async (req, res) => {
      res.locals['route'] = `${req.baseUrl}${path}`
      await triggerFromRequest(req, res, deps)
    })
  }
}
