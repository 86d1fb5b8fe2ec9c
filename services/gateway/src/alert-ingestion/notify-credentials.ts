/**
 * The authorization key of a notification, as GitLab's notifications
 * controller extracts it: `Authorization: Bearer <key>` first, else Basic
 * credentials' password whatever the user name (credentials embedded in the
 * URL arrive as Basic). Empty when none was sent, which the service refuses.
 */
export function notificationKey(authorization: string | undefined): string {
  const header = authorization ?? ''
  const bearer = /^Bearer\s+(.*)$/is.exec(header)
  if (bearer) return (bearer[1] ?? '').trim()
  const basic = /^Basic\s+(\S*)\s*$/i.exec(header)
  if (!basic) return ''
  const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon >= 0 ? decoded.slice(colon + 1) : ''
}
