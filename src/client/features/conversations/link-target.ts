import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LINK_TARGETS } from '../../../shared/links.ts';

/**
 * What a notification's link points at on a task's page (src/shared/links.ts: `?offer=` opens
 * that offer's private conversation, `?question=` goes to that question's thread), and the ids
 * of the elements it lands on.
 */
export function useLinkTarget(): { offerId: string | null; questionId: string | null } {
  const [params] = useSearchParams();
  return {
    offerId: params.get(LINK_TARGETS.offer),
    questionId: params.get(LINK_TARGETS.question),
  };
}

export const conversationElementId = (offerId: string) => `offer-${offerId}-messages`;
export const questionElementId = (questionId: string) => `question-${questionId}`;

/**
 * Scrolls to the element and focuses it once when it is the link's target, so a keyboard or
 * screen reader user starts there too; it needs tabIndex -1 unless it takes focus anyway, and
 * scroll-mt-20 to clear the sticky bar.
 */
export function useFocusWhenTarget<T extends HTMLElement>(isTarget: boolean) {
  const ref = useRef<T>(null);
  const isDone = useRef(false);
  useEffect(() => {
    if (!isTarget) {
      isDone.current = false;
      return;
    }
    if (isDone.current || !ref.current) return;
    isDone.current = true;
    ref.current.focus({ preventScroll: true });
    // To the top of the window, below the sticky bar (the target's scroll-mt-20).
    ref.current.scrollIntoView({ block: 'start' });
  }, [isTarget]);
  return ref;
}
