import { useRouteData } from '../../lib/route-data.ts';
import { CategoryTiles } from './category-tiles.tsx';
import { Faq } from './faq.tsx';
import { loadHome } from './home-data.ts';
import { Newsletter } from './newsletter.tsx';
import { FeaturedTasks, HighlightedTasks } from './task-sections.tsx';

/**
 * The home page's sections below its first screen (spec §1, in its order), loaded as the visitor
 * scrolls near them (issue 48): a first visit carries none of their code.
 */
export default function BelowTheFold() {
  const [featured, highlighted] = useRouteData('home', loadHome);
  return (
    <>
      <FeaturedTasks tasks={featured} />
      <HighlightedTasks tasks={highlighted} />
      <CategoryTiles />
      <Faq />
      <Newsletter />
    </>
  );
}
