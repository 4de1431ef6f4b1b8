import { useTheme } from '../lib/theme.ts';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    // Below sm only the switch itself (issue 51: the bar fits 320 px); min-h-6: a 24 px target.
    <label className="flex min-h-6 cursor-pointer items-center gap-1" title="Switch theme">
      <span aria-hidden="true" className="max-sm:hidden">
        ☀
      </span>
      <input
        type="checkbox"
        className="toggle toggle-sm"
        checked={theme === 'forest'}
        onChange={toggleTheme}
        aria-label="Dark theme"
      />
      <span aria-hidden="true" className="max-sm:hidden">
        ☾
      </span>
    </label>
  );
}
