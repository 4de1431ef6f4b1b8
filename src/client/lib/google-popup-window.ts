// Kept apart from google-popup.ts: the shell needs only this, at the click; the flow loads after.
/** spec §9: the Google sign-in popup is 500 by 600 pixels, centred. */
export const GOOGLE_POPUP_SIZE = { width: 500, height: 600 } as const;

/** Opens the centred popup; call it first thing in the click handler so blockers allow it. */
export function openGooglePopup(): Window | null {
  const { width, height } = GOOGLE_POPUP_SIZE;
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  return window.open(
    'about:blank',
    'tasklane-google',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}
