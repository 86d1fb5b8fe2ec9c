import type { Pipeline, Project } from '@suite/proto'
import type { IdentityClients } from '../clients/identity.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { requireField } from '../clients/require-field.js'
import type { PipelineItem } from '../entities/pipeline.entity.js'
import { p } from '../params/coercions.js'

/** What the pipeline and job routes call. */
export interface PipelineRouteDeps {
  pipelines: PipelinesClients
  identity: IdentityClients
  /** The repository role, for the commits jobs show; commits are null without it. */
  repository: RepositoryClients | undefined
  /** Base of web_url links (GET /job presents outside the route pipeline). */
  externalUrl: string
}

/** `:id/pipelines/:pipeline_id`: an id beyond any row finds none (404), never a 5xx. */
export const pipelinePathParams = {
  id: p.string().required(),
  pipeline_id: p.int().required(),
}

/** A service's answer with the project its links need; the answer must carry a pipeline. */
export function pipelineItem(pipeline: Pipeline | undefined, project: Project): PipelineItem {
  return { pipeline: requireField(pipeline, 'pipeline'), project }
}
