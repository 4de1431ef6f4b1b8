import { BRAND } from '../../shared/brand.ts';
import { HeroCarousel } from '../components/home/hero-carousel.tsx';
import { HeroSearch } from '../components/home/hero-search.tsx';
import { HowItWorks } from '../components/home/how-it-works.tsx';
import { TrustFigures } from '../components/home/trust-figures.tsx';
import { Typewriter } from '../components/home/typewriter.tsx';
import { WhenNear } from '../components/when-near.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { lazyPage } from '../lib/lazy-page.tsx';

// The tasks, categories, FAQ and newsletter: their code and the task lists (which the shell
// requests at once, lib/early-data.ts) wait for the visitor to scroll near them.
const BelowTheFold = lazyPage(() => import('../components/home/below-the-fold.tsx'));

/** The home page sections of spec §1, in its order. */
export default function Home() {
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
        <HeroSearch />
        <TrustFigures />
      </div>
      <HowItWorks />
      <WhenNear reserve="min-h-[400vh] lg:min-h-[250vh]">
        <BelowTheFold />
      </WhenNear>
    </div>
  );
}
