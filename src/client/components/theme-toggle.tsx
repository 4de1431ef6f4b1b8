import { useTheme } from '../lib/theme.ts';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <label className="flex cursor-pointer items-center gap-1" title="Switch theme">
      <span aria-hidden="true">☀</span>
      <input
        type="checkbox"
        className="toggle toggle-sm"
        checked={theme === 'forest'}
        onChange={toggleTheme}
        aria-label="Dark theme"
      />
      <span aria-hidden="true">☾</span>
    </label>
  );
}
