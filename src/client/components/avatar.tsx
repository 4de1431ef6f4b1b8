import { useState } from 'react';
import type { SessionUser } from '../lib/session.tsx';

const PHOTO_RETRIES = 4;
const isOwnUpload = (src: string) => new URL(src, location.href).pathname.startsWith('/files/');

/**
 * The user's photo, or a placeholder icon when there is none (spec §2 "Shell") or when the photo
 * does not load (issue 8): a broken image would show its alt text spilling out of the circle.
 */
export function Avatar({
  user,
  size = 'w-10',
  isDecorative = false,
}: {
  user: Pick<SessionUser, 'name' | 'image'>;
  size?: string;
  /** Beside the name already (a bidder, a profile): the photo adds nothing for a screen reader. */
  isDecorative?: boolean;
}) {
  // The URL that failed, so a new photo (after Edit Profile) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // Issue 49: a photo uploaded here may be asked for a moment before its upload is complete
  // (sign-up names it first), so one of ours is asked again a few times before giving up.
  const [attempt, setAttempt] = useState({ src: '', count: 0 });
  const photo = user.image && user.image !== failedSrc ? user.image : null;
  const attempts = attempt.src === photo ? attempt.count : 0;
  const onError = () => {
    if (!photo) return;
    if (attempts < PHOTO_RETRIES && isOwnUpload(photo)) {
      setTimeout(() => setAttempt({ src: photo, count: attempts + 1 }), 500 * 2 ** attempts);
    } else {
      setFailedSrc(photo);
    }
  };
  return (
    <div className="avatar">
      <div
        className={`${size} rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100`}
      >
        {photo ? (
          <img
            key={attempts}
            src={photo}
            alt={isDecorative ? '' : user.name}
            referrerPolicy="no-referrer"
            // Issue 51: the page's text is painted before any photo; a browser raises a photo
            // on screen to high priority otherwise, and Lighthouse then counts it before the
            // largest paint, a text.
            fetchPriority="low"
            onError={onError}
          />
        ) : (
          <svg
            viewBox="0 0 24 24"
            {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': user.name })}
            className="bg-base-300 p-1"
          >
            <path
              fill="currentColor"
              d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-5 0-9 2.5-9 5.5V22h18v-2.5C21 16.5 17 14 12 14Z"
            />
          </svg>
        )}
      </div>
    </div>
  );
}
