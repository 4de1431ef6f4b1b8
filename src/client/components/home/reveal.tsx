import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { REVEAL_DURATION_MS } from './home-content.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

/**
 * Animate-on-scroll (spec §9: 1000 ms): the content fades up when it first scrolls into view.
 * It is hidden only once the observer watches it and only while it is still below the fold, so
 * content is never left invisible without the observer or for visitors who ask for less motion.
 * The hidden state and the transition live in index.css ([data-reveal]).
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();

  // A layout effect, so what gets hidden is hidden before the first paint, without a flash.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion || typeof IntersectionObserver === 'undefined') return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.dataset.reveal = 'hidden';
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      // Set only now: hiding must not be animated.
      element.style.transitionDuration = `${REVEAL_DURATION_MS}ms`;
      element.dataset.reveal = 'shown';
      observer.disconnect();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      delete element.dataset.reveal;
      element.style.transitionDuration = '';
    };
  }, [reducedMotion]);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
