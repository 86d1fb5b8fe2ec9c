import { status } from '@grpc/grpc-js'
import { Router, type Request, type Response } from 'express'
import { isServiceError } from '@suite/runtime'
import { authenticate } from '../auth/authenticate.js'
import { ANONYMOUS, callerOf, type Principal } from '../auth/principal.js'
import type { TokenCache } from '../auth/token-cache.js'
import { extractToken } from '../auth/token.js'
import type { IdentityClients } from '../clients/identity.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { PROJECT_AVATAR_PATH } from '../entities/project-avatar-url.js'
import { notFound } from '../errors/http-error.js'
import { saturatingInteger } from '../params/coercions.js'
import { rawParams } from '../params/raw-params.js'

export interface UploadDeps {
  identity: IdentityClients
  projects: ProjectsClients
  tokenCache: TokenCache
}

/** Who asks for an upload: a token that does not authenticate is nobody (the page is not the API). */
async function uploadViewer(req: Request, deps: UploadDeps): Promise<Principal> {
  try {
    return await authenticate(extractToken(req, rawParams(req)), undefined, deps)
  } catch {
    return ANONYMOUS
  }
}

/**
 * GET /uploads/-/system/project/avatar/:id/:filename (UploadsController#show):
 * the image with the type its extension names, to whoever may read the
 * project; 404 otherwise.
 */
async function showProjectAvatar(req: Request, res: Response, deps: UploadDeps): Promise<void> {
  const id = String(req.params['id'])
  if (!/^\d+$/.test(id)) throw notFound()
  const principal = await uploadViewer(req, deps)
  try {
    const avatar = await deps.projects.projects.read.getProjectAvatar({
      caller: callerOf(principal),
      // Beyond what a number holds exactly it saturates: no project has that id, 404.
      projectId: saturatingInteger(id),
      filename: String(req.params['filename']),
    })
    res.status(200)
    res.setHeader('Content-Type', avatar.contentType)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Content-Disposition', 'inline')
    res.setHeader('Cache-Control', 'max-age=0, private, must-revalidate')
    res.end(avatar.content)
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) throw notFound()
    throw error
  }
}

/**
 * Uploads: the project avatars stored from the forms of POST /projects and
 * PUT /projects/:id (those forms are read by the routes themselves, after
 * authentication: see readMultipart).
 */
export function uploadRoutes(deps: UploadDeps): Router {
  const router = Router()
  const template = `${PROJECT_AVATAR_PATH}/:id/:filename`
  router.get(template, (req, res) => {
    res.locals['route'] = template
    return showProjectAvatar(req, res, deps)
  })
  return router
}
