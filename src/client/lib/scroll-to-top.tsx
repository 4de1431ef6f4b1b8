import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page moved to by a link opens at its top (issue 17): the browser keeps the old scroll
 * position across client-side navigations. Back and Forward (POP) are left to the browser, which
 * restores where the reader was; a replaced URL (search as you type, decision 015) stays put.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
  }, [pathname, search, navigationType]);
  return null;
}
