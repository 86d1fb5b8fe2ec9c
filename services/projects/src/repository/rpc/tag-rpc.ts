import { TagOrder, type RepositoryServiceServer } from '@suite/proto'
import { NotFoundError, type GrpcServer } from '@suite/runtime'
import type { TagOrderField } from '../domain/ref-search.js'
import { createTag, deleteTag, getTag, listTags } from '../git/tags.js'
import { requireRepositoryAbility } from './caller-access.js'
import { pageOfRequest } from './from-proto.js'
import type { RepositoryContext } from './repository-context.js'
import { tagToProto } from './to-proto.js'

const ORDER: Partial<Record<TagOrder, TagOrderField>> = {
  [TagOrder.TAG_ORDER_NAME]: 'name',
  [TagOrder.TAG_ORDER_UPDATED]: 'updated',
  [TagOrder.TAG_ORDER_VERSION]: 'version',
}

type TagHandlers = Pick<
  RepositoryServiceServer,
  'listTags' | 'getTag' | 'createTag' | 'deleteTag' | 'getTagSignature'
>

/** lib/api/tags.rb's git side. */
export function tagHandlers(
  server: GrpcServer,
  { existing, writeRefs }: RepositoryContext,
): TagHandlers {
  return {
    listTags: server.unary('ListTags', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const tags = await listTags(await existing(req.projectId), {
        order: ORDER[req.order] ?? 'updated',
        ascending: req.ascending,
        search: req.search,
      })
      return {
        tags: pageOfRequest(tags, req.page).map(tagToProto),
        pageInfo: { total: tags.length },
      }
    }),
    getTag: server.unary('GetTag', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      return { tag: tagToProto(await getTag(await existing(req.projectId), req.name)) }
    }),
    createTag: server.unary('CreateTag', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'adminTag')
      const repo = await existing(req.projectId)
      const tag = await writeRefs(repo, req.projectId, req.caller, async () => {
        const tag = await createTag(repo, {
          name: req.name,
          ref: req.ref,
          message: req.message,
          tagger: { name: req.taggerName, email: req.taggerEmail },
        })
        const ref = `refs/tags/${tag.name}`
        return { result: tag, changes: [{ ref, oldId: undefined, newId: tag.target }] }
      })
      return { tag: tagToProto(tag) }
    }),
    deleteTag: server.unary('DeleteTag', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'adminTag')
      const repo = await existing(req.projectId)
      await writeRefs(repo, req.projectId, req.caller, async () => {
        const tag = await deleteTag(repo, req.name)
        const ref = `refs/tags/${tag.name}`
        return { result: tag, changes: [{ ref, oldId: tag.target, newId: undefined }] }
      })
      return {}
    }),
    getTagSignature: server.unary('GetTagSignature', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const tag = await getTag(await existing(req.projectId), req.name)
      if (!tag.signature) throw new NotFoundError('Signature')
      return {
        signatureType: tag.signature === 'x509' ? 'X509' : 'PGP',
        verificationStatus: 'unverified',
      }
    }),
  }
}
