import type { ProjectAbilities } from '@suite/proto'
import type { ProjectGrants } from '../domain/caller.js'

/** The abilities this service reads of those the projects service decided. */
export function toProjectGrants(
  abilities: ProjectAbilities | undefined,
): ProjectGrants | undefined {
  if (!abilities) return undefined
  return {
    projectId: abilities.projectId,
    accessLevel: abilities.accessLevel,
    readProject: abilities.readProject,
    readMergeRequest: abilities.readMergeRequest,
    createMergeRequestIn: abilities.createMergeRequestIn,
    createMergeRequestFrom: abilities.createMergeRequestFrom,
    updateMergeRequest: abilities.updateMergeRequest,
    adminMergeRequest: abilities.adminMergeRequest,
    destroyMergeRequest: abilities.destroyMergeRequest,
    pushCode: abilities.pushCode,
    readCode: abilities.readCode,
    pushToProtectedBranch: abilities.pushToProtectedBranch,
    readPipeline: abilities.readPipeline,
    createPipeline: abilities.createPipeline,
    readMilestone: abilities.readMilestone,
    adminMilestone: abilities.adminMilestone,
    readLabel: abilities.readLabel,
    awardEmoji: abilities.awardEmoji,
    readInternalNote: abilities.readInternalNote,
    adminNote: abilities.adminNote,
    resolveNote: abilities.resolveNote,
    setNoteCreatedAt: abilities.setNoteCreatedAt,
    readIssue: abilities.readIssue,
    createIssue: abilities.createIssue,
    updateIssue: abilities.updateIssue,
    adminIssue: abilities.adminIssue,
    readConfidentialIssues: abilities.readConfidentialIssues,
    destroyIssue: abilities.destroyIssue,
  }
}
