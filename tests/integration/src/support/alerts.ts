import { request as httpRequest } from 'node:http'
import { api, type ApiResponse } from './api'

export interface IntegrationJson {
  id: number
  name: string
  type: string
  active: boolean
  url: string
  token: string
  payload_attribute_mappings: Record<string, string[]>
}

export interface AlertJson {
  id: number
  iid: number
  title: string
  description: string | null
  severity: string
  status: string
  started_at: string | null
  ended_at: string | null
  event_count: number
  fingerprint: string | null
  monitoring_tool: string | null
  service: string | null
  hosts: string[]
  environment: string | null
  assignees: { id: number; username: string }[]
  payload: Record<string, unknown>
  [field: string]: unknown
}

export interface NotifiedJson {
  iid: number
  title: string
}

/** POST .../alert_management/integrations as `token`; expects 201. */
export async function createIntegration(
  token: string,
  projectId: number,
  attributes: Record<string, unknown>,
): Promise<IntegrationJson> {
  const res = await api<IntegrationJson>(`/projects/${projectId}/alert_management/integrations`, {
    method: 'POST',
    token,
    body: attributes,
  })
  if (res.status !== 201) throw new Error(`create integration: ${res.status} ${res.text}`)
  return res.body
}

/** How a notification carries its key. */
export type KeyForm = 'bearer' | 'basic' | 'basic-user' | 'none'

function authorization(key: string, form: KeyForm): Record<string, string> {
  switch (form) {
    case 'bearer':
      return { Authorization: `Bearer ${key}` }
    case 'basic':
      return { Authorization: `Basic ${Buffer.from(`:${key}`).toString('base64')}` }
    case 'basic-user':
      return { Authorization: `Basic ${Buffer.from(`grafana:${key}`).toString('base64')}` }
    case 'none':
      return {}
  }
}

/** POSTs a notification to an integration's URL, the way a monitoring tool does. */
export function notify(
  url: string,
  key: string,
  payload: unknown,
  form: KeyForm = 'bearer',
): Promise<ApiResponse<NotifiedJson[]>> {
  const rawBody = typeof payload === 'string' ? payload : JSON.stringify(payload)
  return api<NotifiedJson[]>(url, {
    method: 'POST',
    rawBody,
    contentType: 'application/json',
    headers: authorization(key, form),
  })
}

/**
 * POSTs with the key embedded in the URL (`http://:key@host/...`), as curl and
 * Alertmanager's url do; fetch refuses such URLs, node:http sends them as Basic.
 */
export function notifyWithUrlCredentials(
  url: string,
  key: string,
  payload: unknown,
): Promise<{ status: number; text: string }> {
  const target = new URL(url)
  target.username = ''
  target.password = key
  const body = JSON.stringify(payload)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      target,
      { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** GET .../alert_management_alerts as `token`; expects 200. */
export async function listAlerts(
  token: string,
  projectId: number,
  query: Record<string, string | number> = {},
): Promise<AlertJson[]> {
  const res = await api<AlertJson[]>(`/projects/${projectId}/alert_management_alerts`, {
    token,
    query: { per_page: 100, ...query },
  })
  if (res.status !== 200) throw new Error(`list alerts: ${res.status} ${res.text}`)
  return res.body
}

/** GET one alert by iid as `token`; expects 200. */
export async function getAlert(token: string, projectId: number, iid: number): Promise<AlertJson> {
  const res = await api<AlertJson>(`/projects/${projectId}/alert_management_alerts/${iid}`, {
    token,
  })
  if (res.status !== 200) throw new Error(`get alert: ${res.status} ${res.text}`)
  return res.body
}

/** A Prometheus Alertmanager webhook document (version 4) around the given alerts. */
export function alertmanagerPayload(
  alerts: Record<string, unknown>[],
  status: 'firing' | 'resolved' = 'firing',
): Record<string, unknown> {
  return {
    version: '4',
    groupKey: '{}:{alertname="HighLatency"}',
    truncatedAlerts: 0,
    status,
    receiver: 'gitlab',
    groupLabels: { alertname: 'HighLatency' },
    commonLabels: { alertname: 'HighLatency' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager.example.com',
    alerts,
  }
}
