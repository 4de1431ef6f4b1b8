import { BRAND } from '../../shared/brand.ts';
import { CategoryTiles } from '../components/home/category-tiles.tsx';
import { Faq } from '../components/home/faq.tsx';
import { HeroCarousel } from '../components/home/hero-carousel.tsx';
import { HowItWorks } from '../components/home/how-it-works.tsx';
import { Newsletter } from '../components/home/newsletter.tsx';
import { FeaturedTasks, HighlightedTasks } from '../components/home/task-sections.tsx';
import { Typewriter } from '../components/home/typewriter.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { api } from '../lib/api.ts';
import { HOME_LISTS } from '../lib/early-data.ts';
import { useRouteData } from '../lib/route-data.ts';

/**
 * spec §2 "/": the home loader. Both lists of §7 are requested together, so the page waits for
 * the slower of the two rather than for one after the other. Both show only the tasks that take
 * offers (issue 9: open, deadline not passed).
 */
const loadHome = () =>
  Promise.all([api.listTasks(HOME_LISTS.featured), api.listTasks(HOME_LISTS.highlighted)]);

/** The home page sections of spec §1, in its order. */
export default function Home() {
  const [featured, highlighted] = useRouteData('home', loadHome);
  return (
    <div className="space-y-16">
      <PageTitle name="Home" />
      <div className="space-y-8">
        <HeroCarousel />
        <section aria-labelledby="home-title" className="space-y-3 text-center">
          <h1 id="home-title" className="text-4xl font-bold md:text-5xl">
            Get small tasks done with {BRAND}
          </h1>
          <Typewriter />
          <p className="mx-auto max-w-2xl text-lg">
            {BRAND} connects clients and freelancers for small, meaningful work.
          </p>
        </section>
      </div>
      <HowItWorks />
      <FeaturedTasks tasks={featured} />
      <HighlightedTasks tasks={highlighted} />
      <CategoryTiles />
      <Faq />
      <Newsletter />
    </div>
  );
}
