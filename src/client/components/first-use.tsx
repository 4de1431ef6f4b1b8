import type { ReactNode } from 'react';
import { Link } from '../lib/link.tsx';
import { paths } from '../lib/paths.ts';

/**
 * An empty marketplace's state (issue 51): the spec's words (§8 "No tasks available."), a small
 * picture and a way forward. The add-task page asks a signed-out visitor to sign in first and
 * then comes back (spec §2, protected routes).
 */
export function FirstUse({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box bg-base-200 p-8 text-center">
      <EmptyBoard />
      <p className="text-lg">{message}</p>
      <p className="max-w-md text-sm">Be the first: describe what you need and get offers.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={paths.addTask} className="btn btn-primary">
          Post the first task
        </Link>
        {children}
      </div>
    </div>
  );
}

/** A board with an empty card and a plus, drawn in place in the theme's colours (no download). */
function EmptyBoard() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 120 96"
      width="120"
      height="96"
      className="text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
    >
      <rect x="8" y="8" width="84" height="72" rx="8" className="fill-base-100" />
      <path d="M22 28h44M22 42h56M22 56h30" className="stroke-base-content/30" />
      <circle cx="92" cy="72" r="18" className="fill-primary" />
      <path d="M92 63v18M83 72h18" className="stroke-primary-content" />
    </svg>
  );
}
