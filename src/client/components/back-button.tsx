import { useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';

/**
 * Goes one step back in history (spec §2 "Other behaviour") when that step is a page of the app.
 * A page opened straight from a link has none: back would leave the site, so it goes to
 * `fallback` instead (issue 8). React Router keys the first entry of the tab 'default'; the
 * entry's index (`idx` in history.state) is 0 there too, even after a redirect replaced it.
 */
export function BackButton({ fallback = paths.browseTasks() }: { fallback?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasPageBehind = () =>
    location.key !== 'default' && (window.history.state as { idx?: number } | null)?.idx !== 0;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      onClick={() => (hasPageBehind() ? navigate(-1) : navigate(fallback))}
    >
      ← Back
    </button>
  );
}
