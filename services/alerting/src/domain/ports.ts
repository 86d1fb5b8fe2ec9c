import type { Alert, AlertStatus, ParsedAlert, Severity } from './alert.js'
import type {
  Integration,
  IntegrationChanges,
  IntegrationType,
  NewIntegration,
} from './integration.js'

export interface Window {
  limit: number
  offset: number
}

/** How the domain reaches a project's integrations. */
export interface IntegrationStore {
  /** Oldest first. */
  list(projectId: number): Promise<Integration[]>
  find(projectId: number, id: number): Promise<Integration | undefined>
  /** An http integration by the identifier of its URL. */
  findByEndpoint(projectId: number, endpointIdentifier: string): Promise<Integration | undefined>
  /** The plain notify.json's integration: the first active http one, else the first http one. */
  findDefaultHttp(projectId: number): Promise<Integration | undefined>
  findPrometheus(projectId: number): Promise<Integration | undefined>
  /** Undefined when the project has a prometheus integration already. */
  create(integration: NewIntegration): Promise<Integration | undefined>
  update(
    projectId: number,
    id: number,
    changes: IntegrationChanges,
  ): Promise<Integration | undefined>
  delete(projectId: number, id: number): Promise<boolean>
}

/** What one occurrence did: its alert and the history kind, or no open alert to resolve. */
export type RecordOutcome =
  { kind: 'created' | 'grouped' | 'resolved'; alert: Alert } | { kind: 'unmatched' }

/** Where an occurrence came from, for the alert and its history row. */
export interface OccurrenceSource {
  integrationId: number
  integrationType: IntegrationType
  /** SHA-256 hex of the payload as received. */
  payloadDigest: string
}

export interface AlertFilter {
  projectId: number
  status?: AlertStatus
  severity?: Severity
  /** Case-insensitive substring of title, description, service or monitoring tool. */
  search?: string
}

/** AlertManagement::Alert.sort_by_attribute, plus created/updated and iid orders. */
export interface AlertOrder {
  by:
    | 'created_at'
    | 'updated_at'
    | 'started_at'
    | 'ended_at'
    | 'event_count'
    | 'severity'
    | 'status'
    | 'iid'
  direction: 'asc' | 'desc'
}

export interface AlertChanges {
  status?: AlertStatus
  /** Set together with status resolved; cleared when an alert is opened again. */
  endedAt?: Date | null
  assigneeIds?: readonly number[]
}

/** How the domain reaches alerts. */
export interface AlertStore {
  /**
   * Stores one occurrence in one transaction with its history row: a
   * resolving one resolves the open alert of its fingerprint (or matches
   * nothing); any other groups into it or opens a new alert.
   */
  record(projectId: number, parsed: ParsedAlert, source: OccurrenceSource): Promise<RecordOutcome>
  list(
    filter: AlertFilter,
    order: AlertOrder,
    window: Window,
  ): Promise<{ alerts: Alert[]; total: number }>
  findByIid(projectId: number, iid: number): Promise<Alert | undefined>
  /**
   * Undefined when there is no such alert; 'duplicate' when reopening it
   * would make a second unresolved alert of its fingerprint.
   */
  update(
    projectId: number,
    iid: number,
    changes: AlertChanges,
  ): Promise<Alert | 'duplicate' | undefined>
}
