import type { ProjectHook, WebHookLog } from '@suite/proto'
import { isoTime } from './present-context.js'

const flag = (hook: ProjectHook, name: string): boolean => hook.events[name] ?? false

/**
 * API::Entities::ProjectHook (Hook's fields, then the project's): the token is
 * never shown. A single hook shows its url variables and custom headers (none
 * here); a list leaves them out, as GitLab's does.
 */
export function presentProjectHook(hook: ProjectHook, options: { single: boolean }) {
  const extras = <T>(value: T) => (options.single ? value : undefined)
  return {
    id: hook.id,
    url: hook.url,
    name: hook.name ?? null,
    description: hook.description ?? null,
    created_at: isoTime(hook.createdAt),
    push_events: flag(hook, 'push_events'),
    tag_push_events: flag(hook, 'tag_push_events'),
    merge_requests_events: flag(hook, 'merge_requests_events'),
    repository_update_events: flag(hook, 'repository_update_events'),
    enable_ssl_verification: hook.enableSslVerification,
    alert_status: hook.alertStatus,
    disabled_until: isoTime(hook.disabledUntil),
    url_variables: extras([]),
    push_events_branch_filter: hook.pushEventsBranchFilter ?? null,
    branch_filter_strategy: hook.branchFilterStrategy,
    custom_webhook_template: null,
    custom_headers: extras([]),
    project_id: hook.projectId,
    issues_events: flag(hook, 'issues_events'),
    confidential_issues_events: flag(hook, 'confidential_issues_events'),
    note_events: flag(hook, 'note_events'),
    confidential_note_events: flag(hook, 'confidential_note_events'),
    pipeline_events: flag(hook, 'pipeline_events'),
    wiki_page_events: flag(hook, 'wiki_page_events'),
    deployment_events: flag(hook, 'deployment_events'),
    feature_flag_events: flag(hook, 'feature_flag_events'),
    job_events: flag(hook, 'job_events'),
    releases_events: flag(hook, 'releases_events'),
    milestone_events: flag(hook, 'milestone_events'),
    emoji_events: flag(hook, 'emoji_events'),
    resource_access_token_events: flag(hook, 'resource_access_token_events'),
    resource_deploy_token_events: flag(hook, 'resource_deploy_token_events'),
    vulnerability_events: flag(hook, 'vulnerability_events'),
  }
}

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json) as unknown
  } catch {
    return null
  }
}

/** API::Entities::WebHookLog: one delivery as sent and answered. */
export function presentWebHookLog(log: WebHookLog) {
  return {
    id: log.id,
    url: log.url,
    trigger: log.trigger,
    request_headers: parsed(log.requestHeadersJson),
    request_data: parsed(log.requestDataJson),
    response_headers: parsed(log.responseHeadersJson),
    response_body: log.responseBody,
    execution_duration: log.executionDuration,
    response_status: log.responseStatus,
    created_at: isoTime(log.createdAt),
  }
}
