import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted what the page shows now, and returns what cancels it
 * (issue 51). For the reads a page wants soon but does not show at first (whether the viewer
 * blocked this user, a portfolio): started in the same task as the page's first render they came
 * before its largest paint, and Lighthouse's simulation waited for each of them. Not for the
 * logout dialog's code (lib/use-logout.ts): a logout with the server gone needs it loaded at once.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Two frames: the first one's callbacks run before the paint, the second's after it is shown.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False until the component's first render has been painted, then true. */
export function usePainted(): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return isPainted;
}
