/**
 * Issue 19: what the server and the pages say about an account's email: verifying it, and a
 * forgotten password. Apart from account-rules.ts, which the shell carries: these load with
 * the pages that use them.
 */
export const EMAIL_MESSAGES = {
  notVerified:
    'Please verify your email address first: follow the link we emailed you, or ask for a new one from your dashboard.',
  verifyBanner: 'Please confirm your email address: we sent you a link.',
  verificationSent: 'We sent you a new link. Check your inbox.',
  verified: 'Your email address is verified. Thank you!',
  verifyLinkBad: 'This link has expired or is not valid. Ask for a new one from your dashboard.',
  resetRequested:
    'If an account uses this address, we have emailed it a link to choose a new password. The link works for one hour.',
  /** Issue 47: a sign-up that started no session (the address has an account; its owner is mailed). */
  signUpCheckEmail: 'Check your email to continue: we sent a message to that address.',
  resetDone: 'Your password is changed, and every other device is signed out.',
  resetLinkBad: 'This link has expired or was already used. Ask for a new one.',
  passwordChanged: 'Your password is changed, and every other device is signed out.',
  signedOutElsewhere: 'Every other device is signed out.',
  changeEmailSent:
    'We emailed a link to your new address. Your email changes once you follow it; until then you sign in with this one.',
  deleteConfirmTitle: 'Delete your account?',
  deleteConfirmText:
    'Your open tasks are deleted, your pending offers withdrawn and your sessions ended. What others received from you stays, as "Deleted user". This cannot be undone.',
  deleteConfirmButton: 'Delete my account',
  deleteAssigned:
    'You have a task in progress, as its poster or its freelancer. Finish it, or reopen it, before you delete your account.',
  deletePasswordWrong: 'That password is not right. Your account is as it was.',
  deleteNeedsFreshSignIn: 'Sign in with Google again, then delete your account within 5 minutes.',
  deleted: 'Your account is deleted. Thank you for using Tasklane.',
  deletedUserName: 'Deleted user',
} as const;
