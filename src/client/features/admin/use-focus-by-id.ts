import { useEffect, useRef } from 'react';

/**
 * After an operator's action the list is read again and the control used may be gone (a
 * dismissed report, Suspend become Lift): `focusLater(id)` moves the focus to the element with
 * that id once the page has rendered the new list, so it never falls back to the top.
 */
export function useFocusById(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return (id) => {
    pending.current = id;
  };
}
