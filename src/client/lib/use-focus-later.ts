import { useEffect, useRef } from 'react';

/**
 * Moves the keyboard focus to an element after the render that shows it: after an action whose
 * button goes away (a form sent, an offer accepted), focus lands on the part of the page that
 * changed instead of falling back to the top of the document.
 */
export function useFocusLater<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const isRequested = useRef(false);
  useEffect(() => {
    if (isRequested.current && ref.current) {
      isRequested.current = false;
      ref.current.focus();
    }
  });
  return {
    ref,
    request: () => {
      isRequested.current = true;
    },
  };
}
