/**
 * The JSON entities the OpenAPI document describes by name, each the return
 * type of its presenter: scripts/gen-entity-schemas.mjs turns them into JSON
 * Schemas (entity-schemas.generated.ts), so a schema follows its presenter.
 */
import type { BranchJson } from '../entities/branch.entity.js'
import type { presentCommitNote } from '../entities/commit-note.entity.js'
import type { presentCommitStatus } from '../entities/commit-status.entity.js'
import type { CommitJson, presentCommitDetail } from '../entities/commit.entity.js'
import type { presentDiscussion } from '../entities/discussion.entity.js'
import type { EventJson } from '../entities/event.entity.js'
import type { presentIssue } from '../entities/issue.entity.js'
import type { presentJob } from '../entities/job.entity.js'
import type {
  presentMergeRequestBasic,
  presentMergeRequestSimple,
} from '../entities/merge-request-basic.entity.js'
import type { presentMergeRequest } from '../entities/merge-request.entity.js'
import type { presentNote } from '../entities/note.entity.js'
import type {
  presentPipeline,
  presentPipelineBasic,
  presentPipelineBasicWithMetadata,
  presentPipelineWithMetadata,
} from '../entities/pipeline.entity.js'
import type { presentProjectHook, presentWebHookLog } from '../entities/project-hook.entity.js'
import type { presentProtectedBranch } from '../entities/protected-branch.entity.js'
import type { presentProjectSimple } from '../entities/project-simple.entity.js'
import type { presentProject } from '../entities/project.entity.js'
import type { presentResourceStateEvent } from '../entities/resource-state-event.entity.js'
import type { TagJson } from '../entities/tag.entity.js'
import type { UserBasicJson } from '../entities/user-basic.entity.js'
import type { UserDetailsWithAdminJson } from '../entities/user-details-with-admin.entity.js'
import type { UserPublicJson } from '../entities/user-public.entity.js'
import type { UserStarsProjectJson } from '../entities/user-stars-project.entity.js'
import type { UserWithAdminJson } from '../entities/user-with-admin.entity.js'
import type { UserJson } from '../entities/user.entity.js'

export type Project = ReturnType<typeof presentProject>
export type ProjectSimple = ReturnType<typeof presentProjectSimple>
export type MergeRequestBasic = ReturnType<typeof presentMergeRequestBasic>
export type Issue = ReturnType<typeof presentIssue>
export type MergeRequestSimple = ReturnType<typeof presentMergeRequestSimple>
export type UserBasic = UserBasicJson
export type User = UserJson
export type UserPublic = UserPublicJson
export type UserStarsProject = UserStarsProjectJson
export type UserWithAdmin = UserWithAdminJson
export type UserDetailsWithAdmin = UserDetailsWithAdminJson
export type MergeRequest = ReturnType<typeof presentMergeRequest>
export type Note = ReturnType<typeof presentNote>
export type Discussion = ReturnType<typeof presentDiscussion>
export type CommitNote = ReturnType<typeof presentCommitNote>
export type ResourceStateEvent = ReturnType<typeof presentResourceStateEvent>
export type CommitStatus = ReturnType<typeof presentCommitStatus>
export type Commit = CommitJson
export type CommitDetail = ReturnType<typeof presentCommitDetail>
export type Branch = BranchJson
export type Tag = TagJson
export type Event = EventJson
export type ProjectHook = ReturnType<typeof presentProjectHook>
export type WebHookLog = ReturnType<typeof presentWebHookLog>
export type ProtectedBranch = ReturnType<typeof presentProtectedBranch>
export type PipelineBasic = ReturnType<typeof presentPipelineBasic>
export type PipelineBasicWithMetadata = ReturnType<typeof presentPipelineBasicWithMetadata>
export type Pipeline = ReturnType<typeof presentPipeline>
export type PipelineWithMetadata = ReturnType<typeof presentPipelineWithMetadata>
export type Job = ReturnType<typeof presentJob>
