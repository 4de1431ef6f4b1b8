import type { ReactNode } from 'react';
import { PageTitle } from './page-title.tsx';

/**
 * The narrow card the account pages share (login, sign-up, a forgotten password, the mailed
 * links' pages): the page's title, its heading, then what it asks.
 */
export function AccountCard({
  title,
  heading = title,
  children,
}: {
  title: string;
  heading?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md">
      <PageTitle name={title} />
      <div className="card bg-base-200 shadow">
        <div className="card-body gap-3">
          <h1 className="card-title text-3xl">{heading}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
