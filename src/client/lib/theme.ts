import { useCallback, useState } from 'react';

/** spec §4 and §9: two themes, winter by default, saved under the key 'theme'. */
export const THEMES = ['winter', 'forest'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'winter';
export const THEME_STORAGE_KEY = 'theme';

function currentTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return value === 'forest' ? 'forest' : DEFAULT_THEME;
}

/** The theme on <html> (set before first paint by public/theme.js) and a toggle that saves it. */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const toggleTheme = useCallback(() => {
    const next: Theme = currentTheme() === 'winter' ? 'forest' : 'winter';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be blocked; the theme still applies to this page.
    }
    setTheme(next);
  }, []);
  return { theme, toggleTheme };
}
