import type { Label, Milestone, Project } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { presentLabelBasic } from '../entities/label.entity.js'
import { projectWebUrl } from '../entities/merge-request-links.js'
import { presentMilestone } from '../entities/milestone.entity.js'
import type { PresentContext } from '../entities/present-context.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'

/** API::Entities::Label of a project label, without counts. */
function presentLabel(label: Label) {
  return {
    ...presentLabelBasic(label),
    subscribed: false,
    priority: null,
    is_project_label: true,
  }
}

interface MilestoneItem {
  milestone: Milestone
  project: Project
}

/** lib/api/milestones.rb (project milestones) and the project labels list. */
export function milestoneRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const mergeRequests = deps.mergeRequests.mergeRequests
  const present = ({ milestone, project }: MilestoneItem, ctx: PresentContext) =>
    presentMilestone(milestone, projectWebUrl(ctx.externalUrl, project))

  api.list('/projects/:id/milestones', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMilestone',
    params: {
      id: p.string().required(),
      state: p.string().values(['active', 'closed', 'all']),
      iids: p.array(p.iid()),
      title: p.string(),
      search: p.string(),
    },
    handle: async ({ caller, project, params, page }) => {
      const answer = await mergeRequests.read.listMilestones({
        caller,
        projectId: project.id,
        iids: params.iids ?? [],
        state: params.state === 'all' ? '' : (params.state ?? ''),
        title: params.title,
        search: params.search,
        page,
      })
      return {
        items: answer.milestones.map((milestone) => ({ milestone, project })),
        total: answer.pageInfo?.total ?? answer.milestones.length,
      }
    },
    present,
  })

  api.post('/projects/:id/milestones', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminMilestone',
    params: {
      id: p.string().required(),
      title: p.string().required(),
      description: p.string(),
      due_date: p.date(),
      start_date: p.date(),
    },
    handle: async ({ caller, project, params }) => {
      const answer = await mergeRequests.write.createMilestone({
        caller,
        projectId: project.id,
        title: params.title,
        description: params.description ?? '',
        dueDate: params.due_date,
        startDate: params.start_date,
      })
      return { milestone: requireField(answer.milestone, 'milestone'), project }
    },
    present,
  })

  api.list('/projects/:id/labels', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readLabel',
    params: { id: p.string().required(), search: p.string() },
    handle: async ({ caller, project, params, page }) => {
      const answer = await mergeRequests.read.listLabels({
        caller,
        projectId: project.id,
        search: params.search,
        page,
      })
      return { items: answer.labels, total: answer.pageInfo?.total ?? answer.labels.length }
    },
    present: presentLabel,
  })
}
