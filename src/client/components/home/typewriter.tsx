import { useEffect, useState } from 'react';
import { DELETE_SPEED_MS, HOLD_MS, TAGLINES, TYPE_SPEED_MS } from './first-screen.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

/** How long a whole tagline stays when it is not typed: as long as typing it would take. */
const wholeTaglineMs = (tagline: string) =>
  tagline.length * (TYPE_SPEED_MS + DELETE_SPEED_MS) + HOLD_MS;

/**
 * The typewriter tagline (spec §1, §9: 6 taglines, type 60 ms, delete 40 ms, hold 1500 ms).
 * Screen readers get the whole tagline, not each letter. A button stops it (WCAG 2.2.2); visitors
 * who ask for less motion see whole taglines that change only if they start the rotation.
 */
export function Typewriter() {
  const reducedMotion = useReducedMotion();
  // null follows the motion preference; true or false is the visitor's own choice.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const playing = choice ?? !reducedMotion;
  const typing = playing && !reducedMotion;
  const tagline = TAGLINES[index]!;

  useEffect(() => {
    if (!playing) return;
    const next = () => setIndex((current) => (current + 1) % TAGLINES.length);
    let step: () => void;
    let delay: number;
    if (!typing) [step, delay] = [next, wholeTaglineMs(tagline)];
    else if (!deleting && length < tagline.length) {
      [step, delay] = [() => setLength(length + 1), TYPE_SPEED_MS];
    } else if (!deleting) [step, delay] = [() => setDeleting(true), HOLD_MS];
    else if (length > 0) [step, delay] = [() => setLength(length - 1), DELETE_SPEED_MS];
    else {
      [step, delay] = [
        () => {
          setDeleting(false);
          next();
        },
        TYPE_SPEED_MS,
      ];
    }
    const timer = window.setTimeout(step, delay);
    return () => window.clearTimeout(timer);
  }, [playing, typing, tagline, length, deleting]);

  const toggle = () => {
    // Stopped mid-word, the tagline shows whole; started again, it holds and then moves on.
    setLength(tagline.length);
    setDeleting(false);
    setChoice(!playing);
  };

  const shown = typing ? tagline.slice(0, length) : tagline;
  return (
    // The button sits at a fixed place, so it does not move as the tagline grows and shrinks.
    <div className="relative mx-auto max-w-2xl px-10">
      <p className="min-h-[2lh] text-xl font-bold sm:min-h-[1lh] md:text-2xl">
        <span className="sr-only">{tagline}</span>
        <span aria-hidden="true" data-testid="typewriter-text">
          {shown}
        </span>
        {typing && (
          <span aria-hidden="true" className="typewriter-caret ml-0.5 font-normal text-primary">
            |
          </span>
        )}
      </p>
      <button
        type="button"
        className="btn absolute top-0 right-0 btn-circle btn-ghost btn-sm"
        aria-label={playing ? 'Stop tagline rotation' : 'Start tagline rotation'}
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
          <path d={playing ? 'M7 5h3v14H7zM14 5h3v14h-3z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
    </div>
  );
}
