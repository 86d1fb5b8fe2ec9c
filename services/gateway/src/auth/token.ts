import type { Request } from 'express'

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * The access token of a request: the PRIVATE-TOKEN header, the private_token
 * parameter, `Authorization: Bearer`, or the access_token parameter
 * (lib/gitlab/auth/auth_finders.rb).
 */
export function extractToken(
  req: Request,
  params: Readonly<Record<string, unknown>>,
): string | undefined {
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')
  return (
    text(req.get('private-token')) ??
    text(params['private_token']) ??
    bearer?.[1] ??
    text(params['access_token'])
  )
}

/** The Sudo header or sudo parameter: a user id or username (lib/api/helpers.rb). */
export function extractSudo(
  req: Request,
  params: Readonly<Record<string, unknown>>,
): string | undefined {
  const param = params['sudo']
  if (typeof param === 'number') return String(param)
  return text(param) ?? text(req.get('sudo'))
}
