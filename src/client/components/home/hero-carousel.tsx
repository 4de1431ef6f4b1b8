import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from '../../lib/link.tsx';
import { HERO_AUTOPLAY_MS, HERO_SLIDES } from './first-screen.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

const COUNT = HERO_SLIDES.length;
const CONTROL = 'btn btn-circle btn-sm border-none bg-white text-slate-900 hover:bg-slate-200';

/**
 * The rotating hero banner (spec §1, §9: 4 slides, autoplay every 4000 ms), after the WAI-ARIA
 * carousel pattern: rotation pauses while the pointer or keyboard focus is inside, a button stops
 * and restarts it, and visitors who ask for less motion get no autoplay unless they start it.
 */
export function HeroCarousel() {
  const reducedMotion = useReducedMotion();
  const [current, setCurrent] = useState(0);
  // Slides slide in only after the first change, so the page opens without motion.
  const [moved, setMoved] = useState(false);
  // null follows the motion preference; true or false is the visitor's own choice.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const autoplay = choice ?? !reducedMotion;
  const rotating = autoplay && !hovered && !focused;

  const show = (index: number) => {
    setCurrent((index + COUNT) % COUNT);
    setMoved(true);
  };

  // Keyed on the slide too, so a manual change gives the new slide its full delay.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => {
      setCurrent((index) => (index + 1) % COUNT);
      setMoved(true);
    }, HERO_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current]);

  const blur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative overflow-hidden rounded-box bg-neutral text-white shadow-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={blur}
    >
      {/* The controls come first, so keyboard users reach them before the slides' links. */}
      <div className="absolute inset-x-0 bottom-0 z-10 flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={CONTROL}
            aria-label={autoplay ? 'Stop slide rotation' : 'Start slide rotation'}
            onClick={() => setChoice(!autoplay)}
          >
            <Icon d={autoplay ? 'M7 5h3v14H7zM14 5h3v14h-3z' : 'M8 5v14l11-7z'} />
          </button>
          <button
            type="button"
            className={CONTROL}
            aria-label="Previous slide"
            onClick={() => show(current - 1)}
          >
            <Icon d="M15 5l-7 7 7 7" stroke />
          </button>
          <button
            type="button"
            className={CONTROL}
            aria-label="Next slide"
            onClick={() => show(current + 1)}
          >
            <Icon d="M9 5l7 7-7 7" stroke />
          </button>
        </div>
        <div className="flex items-center">
          {HERO_SLIDES.map((slide, index) => (
            // A 24 px target around a small dot (WCAG 2.5.8).
            <button
              key={slide.title}
              type="button"
              className="group grid size-6 cursor-pointer place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              aria-label={`Show slide ${index + 1}: ${slide.title}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
            >
              <span
                className={`block size-2.5 rounded-full bg-white transition-transform group-hover:scale-125 ${index === current ? 'scale-125' : 'opacity-50'}`}
              />
            </button>
          ))}
        </div>
      </div>

      {/* Changes the visitor makes are announced; autoplay's are not (aria-live off). */}
      <div aria-live={rotating ? 'off' : 'polite'}>
        {HERO_SLIDES.map((slide, index) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${COUNT}`}
            hidden={index !== current}
            className={`${slide.background} ${moved ? 'hero-slide-in' : ''}`}
          >
            <div className="relative flex min-h-80 flex-col justify-center gap-4 px-8 pt-10 pb-20 sm:px-16 md:min-h-96">
              <SlideArt index={index} />
              <p className="relative text-sm font-semibold tracking-widest uppercase">
                {slide.topic}
              </p>
              <p className="relative max-w-2xl text-3xl font-bold md:text-5xl">{slide.title}</p>
              <p className="relative max-w-xl text-lg">{slide.text}</p>
              <div className="relative">
                <Link
                  to={slide.cta.to}
                  className="btn border-none bg-white text-slate-900 hover:bg-slate-200"
                >
                  {slide.cta.label}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

function Icon({ d, stroke = false }: { d: string; stroke?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill={stroke ? 'none' : 'currentColor'}
      stroke={stroke ? 'currentColor' : 'none'}
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

/** Decoration drawn in place (no image downloads), turned differently on each slide. */
function SlideArt({ index }: { index: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 200 200"
      className="pointer-events-none absolute -top-12 -right-20 size-80 text-white/10 md:size-[28rem]"
      style={{ transform: `rotate(${index * 80}deg)` }}
    >
      <circle cx="100" cy="100" r="84" fill="none" stroke="currentColor" strokeWidth="16" />
      <circle cx="100" cy="100" r="44" fill="currentColor" />
      <circle cx="172" cy="36" r="16" fill="currentColor" />
    </svg>
  );
}
