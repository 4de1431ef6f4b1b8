import { Link } from '../../lib/link.tsx';
import type { Category } from '../../../shared/task-rules.ts';
import { CATEGORY_TILES, HOME_HEADINGS } from './home-content.ts';
import { Reveal } from './reveal.tsx';

/** Line drawings on a 24-unit grid, one per category, drawn in place (no image downloads). */
const ICONS: Record<Category, string> = {
  'Web Development': 'M8 6l-6 6 6 6M16 6l6 6-6 6M14 4l-4 16',
  Design:
    'M12 3a9 9 0 100 18c1 0 1.5-.8 1-1.6-.6-1 0-2.4 1.3-2.4H17a4 4 0 004-4c0-5-4-10-9-10zM7.5 11h.01M10 7h.01M15 7h.01',
  Writing: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4M12 20h8',
  Marketing: 'M3 11v2a1 1 0 001 1h3l6 4V6L7 10H4a1 1 0 00-1 1zM17 9a4 4 0 010 6M7 14l1 5h3',
  'Data Entry': 'M4 5h16v14H4zM4 10h16M4 15h16M10 5v14',
  Other: 'M5 12h.01M12 12h.01M19 12h.01',
};

/** spec §1: one tile per category, opening /browse-tasks?category=… (spec §2). */
export function CategoryTiles() {
  return (
    <section aria-labelledby="categories" className="space-y-6">
      <Reveal className="space-y-6">
        <h2 id="categories" className="text-center text-3xl font-bold">
          {HOME_HEADINGS.categories}
        </h2>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
          {CATEGORY_TILES.map((tile) => (
            <li key={tile.category}>
              <Link
                to={tile.to}
                className="card h-full border border-base-300 bg-base-100 transition hover:-translate-y-1 hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <span className="card-body items-center gap-2 p-5 text-center">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-10 text-primary"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={tile.category === 'Other' ? 4 : 1.75}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d={ICONS[tile.category]} />
                  </svg>
                  <span className="font-semibold">{tile.category}</span>
                  <span className="text-sm">{tile.blurb}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
