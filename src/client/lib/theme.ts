import { useCallback, useEffect, useState } from 'react';

/** spec §4 and §9: two themes, winter by default, saved under the key 'theme'. */
export const THEMES = ['winter', 'forest'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'winter';
export const THEME_STORAGE_KEY = 'theme';

function currentTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return value === 'forest' ? 'forest' : DEFAULT_THEME;
}

/**
 * The theme on <html> (set before first paint by public/theme.js) and a toggle that saves it.
 * Until the visitor toggles, the theme follows the computer's dark mode, also as it changes
 * (issue 17): forest is the dark one.
 */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const apply = useCallback((next: Theme) => {
    document.documentElement.dataset.theme = next;
    setTheme(next);
  }, []);
  useEffect(() => {
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (!localStorage.getItem(THEME_STORAGE_KEY)) apply(dark.matches ? 'forest' : 'winter');
    };
    dark.addEventListener('change', follow);
    return () => dark.removeEventListener('change', follow);
  }, [apply]);
  const toggleTheme = useCallback(() => {
    const next: Theme = currentTheme() === 'winter' ? 'forest' : 'winter';
    apply(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be blocked; the theme still applies to this page.
    }
  }, [apply]);
  return { theme, toggleTheme };
}
