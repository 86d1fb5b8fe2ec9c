import { UserAccessDenial } from '@suite/proto'

/**
 * Gitlab::Auth::UserAccessDeniedReason#rejection_message for identity's
 * answer: what the API says (403) when the user acting may not use it.
 */
export function accessDeniedMessage(denial: UserAccessDenial, externalUrl: string): string {
  switch (denial) {
    case UserAccessDenial.USER_ACCESS_DENIAL_BLOCKED_PENDING_APPROVAL:
      return 'Your account is pending approval from your administrator and hence blocked.'
    case UserAccessDenial.USER_ACCESS_DENIAL_DEACTIVATED:
      return (
        'Your account has been deactivated by your administrator. ' +
        `Please log back in from a web browser to reactivate your account at ${externalUrl}`
      )
    default:
      return 'Your account has been blocked.'
  }
}
