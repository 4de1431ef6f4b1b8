import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { FileView } from '../../../shared/files.ts';
import { Picture } from './picture.tsx';
import { ReportButton } from '../moderation/report-button.tsx';

/** How far a finger must travel sideways (CSS px) for a swipe to change the photo. */
const SWIPE_PX = 40;

const photoLabel = (index: number, count: number) => `Photo ${index + 1} of ${count}`;

/**
 * A task's photos (issue 49): one large photo in a stage of fixed shape, so changing photos or
 * loading one moves nothing; arrows (buttons and the keyboard's Left, Right, Home and End) and a
 * sideways swipe on a phone change it; each photo is named "Photo 2 of 5" for screen readers.
 */
export function Gallery({
  photos,
  title,
  authorId,
}: {
  photos: readonly FileView[];
  title: string;
  /** Who added them: others may report the photo shown (issue 49). */
  authorId?: string;
}) {
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const images = photos.filter((photo) => photo.urls);
  const count = images.length;
  const photo = images[Math.min(index, count - 1)];
  if (!photo?.urls) return null;
  const go = (next: number) => setIndex((next + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined || count < 2) return;
    event.preventDefault();
    go(next);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y))
      go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section aria-label={`Photos of ${title}`} aria-roledescription="gallery" onKeyDown={onKeyDown}>
      <h2 className="mb-2 text-xl font-semibold">Photos</h2>
      <div
        tabIndex={0}
        role="group"
        aria-label={`${photoLabel(index, count)}. Use the left and right arrow keys to change photos.`}
        className="relative aspect-[4/3] w-full touch-pan-y overflow-hidden rounded-box bg-base-200 select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <Picture
          key={photo.id}
          picture={{
            src: photo.urls.full,
            // The variants' widths at most: a phone need not fetch the 1600 px copy.
            srcSet: `${photo.urls.card} 480w, ${photo.urls.full} 1600w`,
            sizes: '(min-width: 48rem) 48rem, 100vw',
            placeholder: photo.placeholder,
          }}
          alt={photoLabel(index, count)}
          fit="contain"
          isEager
          className="absolute inset-0 size-full"
        />
      </div>
      {count > 1 && (
        <div className="mt-2 flex items-center justify-between gap-2">
          <button type="button" className="btn btn-sm" onClick={() => go(index - 1)}>
            <span aria-hidden="true">←</span> Previous<span className="sr-only"> photo</span>
          </button>
          <p aria-live="polite" className="text-sm font-medium">
            {photoLabel(index, count)}
          </p>
          <button type="button" className="btn btn-sm" onClick={() => go(index + 1)}>
            Next<span className="sr-only"> photo</span> <span aria-hidden="true">→</span>
          </button>
        </div>
      )}
      {count > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label="All photos">
          {images.map((image, at) =>
            image.urls ? (
              <li key={image.id} className="shrink-0">
                <button
                  type="button"
                  className={`block rounded border-2 ${at === index ? 'border-primary' : 'border-transparent'}`}
                  aria-current={at === index ? 'true' : undefined}
                  onClick={() => setIndex(at)}
                >
                  <Picture
                    picture={{ src: image.urls.thumb, placeholder: image.placeholder }}
                    alt={`Show ${photoLabel(at, count).toLowerCase()}`}
                    className="size-14 rounded"
                  />
                </button>
              </li>
            ) : null,
          )}
        </ul>
      )}
      {authorId && (
        <p className="mt-1 text-right">
          <ReportButton
            itemType="file"
            itemId={photo.id}
            authorId={authorId}
            what="this photo"
            isSubtle
          />
        </p>
      )}
    </section>
  );
}
