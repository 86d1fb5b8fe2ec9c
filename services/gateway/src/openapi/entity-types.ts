/**
 * The JSON entities the OpenAPI document describes by name, each the return
 * type of its presenter: scripts/gen-entity-schemas.mjs turns them into JSON
 * Schemas (entity-schemas.generated.ts), so a schema follows its presenter.
 */
import type {
  presentMergeRequestBasic,
  presentMergeRequestSimple,
} from '../entities/merge-request-basic.entity.js'
import type { presentProjectSimple } from '../entities/project-simple.entity.js'
import type { presentProject } from '../entities/project.entity.js'
import type { UserBasicJson } from '../entities/user-basic.entity.js'
import type { UserDetailsWithAdminJson } from '../entities/user-details-with-admin.entity.js'
import type { UserPublicJson } from '../entities/user-public.entity.js'
import type { UserWithAdminJson } from '../entities/user-with-admin.entity.js'
import type { UserJson } from '../entities/user.entity.js'

export type Project = ReturnType<typeof presentProject>
export type ProjectSimple = ReturnType<typeof presentProjectSimple>
export type MergeRequestBasic = ReturnType<typeof presentMergeRequestBasic>
export type MergeRequestSimple = ReturnType<typeof presentMergeRequestSimple>
export type UserBasic = UserBasicJson
export type User = UserJson
export type UserPublic = UserPublicJson
export type UserWithAdmin = UserWithAdminJson
export type UserDetailsWithAdmin = UserDetailsWithAdminJson
