import { useState } from 'react';
import type { SessionUser } from '../lib/session.tsx';

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
  const photo = user.image && user.image !== failedSrc ? user.image : null;
  return (
    <div className="avatar">
      <div
        className={`${size} rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100`}
      >
        {photo ? (
          <img
            src={photo}
            alt={isDecorative ? '' : user.name}
            referrerPolicy="no-referrer"
            onError={() => setFailedSrc(photo)}
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
