import { UserAccessDenial } from '@suite/proto'
import { accessDeniedMessage } from './access-denied.js'

const URL = 'https://gitlab.example.com'

describe('accessDeniedMessage (Gitlab::Auth::UserAccessDeniedReason)', () => {
  it.each([
    [UserAccessDenial.USER_ACCESS_DENIAL_BLOCKED, 'Your account has been blocked.'],
    [
      UserAccessDenial.USER_ACCESS_DENIAL_BLOCKED_PENDING_APPROVAL,
      'Your account is pending approval from your administrator and hence blocked.',
    ],
    [
      UserAccessDenial.USER_ACCESS_DENIAL_DEACTIVATED,
      'Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at https://gitlab.example.com',
    ],
  ])('words denial %s as GitLab does', (denial, text) => {
    expect(accessDeniedMessage(denial, URL)).toBe(text)
  })
})
