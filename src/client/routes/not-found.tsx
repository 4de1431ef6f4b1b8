import { Link } from '../lib/link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { paths } from '../lib/paths.ts';

export const NOT_FOUND_TITLE = '404 - Page Not Found';

/** spec §2: unknown routes and route or loader errors. */
export function NotFound() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <PageTitle name={NOT_FOUND_TITLE} />
      <h1 className="text-4xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p>The page you are looking for does not exist or could not be loaded.</p>
      <div className="flex gap-3">
        <Link to={paths.home} className="btn btn-primary">
          Go Home
        </Link>
        <Link to={paths.dashboard} className="btn btn-outline">
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}

export default NotFound;
