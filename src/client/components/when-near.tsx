import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How far below the screen a deferred section starts loading: ahead of a scrolling visitor, yet
 * short of the home page's first screen and how it works (at 1280 × 720), so a first visit never
 * loads it (issue 48, tests/e2e/home-performance.spec.ts's budget).
 */
const NEAR_MARGIN = '0px 0px 200px 0px';

/**
 * Renders its children (lazily loaded code) once the visitor scrolls near them or presses a key. Until their code
 * arrives a box of the given height (`reserve`, utility classes) holds their place, so nothing
 * below it moves while the page is read.
 */
export function WhenNear({ children, reserve }: { children: ReactNode; reserve: string }) {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    // A keyboard user tabs from the first screen straight to the footer's links, past a box
    // with nothing to focus: the first key pressed loads the sections too.
    const load = () => setIsNear(true);
    window.addEventListener('keydown', load, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', load);
    };
  }, [isNear]);

  const box = <div ref={placeholder} className={reserve} />;
  return isNear ? <Suspense fallback={box}>{children}</Suspense> : box;
}
