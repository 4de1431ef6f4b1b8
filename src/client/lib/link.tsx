import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import {
  createPath,
  useHref,
  useLocation,
  useNavigate,
  useResolvedPath,
  type To,
} from 'react-router';

/**
 * The app's links (issue 48). React Router's `Link` carries its framework mode's prefetching and
 * view transitions, and `NavLink` its data router's pending state: about 3 KB gzip'd of a first
 * visit that declarative mode never runs. These do what the app asks of them — a client-side
 * navigation on a plain left click, `replace` and `state`, and the active state of `NavLink`
 * (`aria-current="page"`, `end`) — with React Router's own hooks, so paths resolve as its do.
 * Import `Link` and `NavLink` from here, never from react-router (eslint no-restricted-imports).
 */
export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: To;
  /** Replace the current entry; by default only when the link points at the current URL. */
  replace?: boolean;
  state?: unknown;
};

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this path itself, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

/** A link that knows it points at the current page: `aria-current="page"` and class `active`. */
export function NavLink({ to, end = false, className = '', ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const current = pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/');
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return (
    <Link {...rest} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />
  );
}
