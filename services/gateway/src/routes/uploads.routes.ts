import { status } from '@grpc/grpc-js'
import { Router, type Request, type Response } from 'express'
import { isServiceError, USER_AVATAR_PATH } from '@suite/runtime'
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

/** The image with the type its extension names, as UploadsController#show sends it. */
function sendImage(res: Response, image: { contentType: string; content: Buffer }): void {
  res.status(200)
  res.setHeader('Content-Type', image.contentType)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Content-Disposition', 'inline')
  res.setHeader('Cache-Control', 'max-age=0, private, must-revalidate')
  res.end(image.content)
}

/** Serves what `load` finds for the path's numeric id; 404 for any other id or a NOT_FOUND. */
async function showAvatar(
  req: Request,
  res: Response,
  load: (id: number, filename: string) => Promise<{ contentType: string; content: Buffer }>,
): Promise<void> {
  const id = String(req.params['id'])
  if (!/^\d+$/.test(id)) throw notFound()
  try {
    // Beyond what a number holds exactly it saturates: nothing has that id, 404.
    sendImage(res, await load(saturatingInteger(id), String(req.params['filename'])))
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) throw notFound()
    throw error
  }
}

/**
 * GET /uploads/-/system/project/avatar/:id/:filename (UploadsController#show):
 * the image to whoever may read the project; 404 otherwise.
 */
async function showProjectAvatar(req: Request, res: Response, deps: UploadDeps): Promise<void> {
  const principal = await uploadViewer(req, deps)
  await showAvatar(req, res, (projectId, filename) =>
    deps.projects.projects.read.getProjectAvatar({
      caller: callerOf(principal),
      projectId,
      filename,
    }),
  )
}

/** GET /uploads/-/system/user/avatar/:id/:filename: user avatars are public. */
function showUserAvatar(req: Request, res: Response, deps: UploadDeps): Promise<void> {
  return showAvatar(req, res, (userId, filename) =>
    deps.identity.users.read.getUserAvatar({ userId, filename }),
  )
}

/**
 * Uploads: the project and user avatars stored from the forms of POST
 * /projects, PUT /projects/:id, POST /users and PUT /users/:id (those forms are read by the routes themselves, after
 * authentication: see readMultipart).
 */
export function uploadRoutes(deps: UploadDeps): Router {
  const router = Router()
  const template = `${PROJECT_AVATAR_PATH}/:id/:filename`
  router.get(template, (req, res) => {
    res.locals['route'] = template
    return showProjectAvatar(req, res, deps)
  })
  const userTemplate = `${USER_AVATAR_PATH}/:id/:filename`
  router.get(userTemplate, (req, res) => {
    res.locals['route'] = userTemplate
    return showUserAvatar(req, res, deps)
  })
  return router
}
