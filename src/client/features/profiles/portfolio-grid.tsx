import { useEffect, useState } from 'react';
import { afterPaint } from '../../lib/after-paint.ts';
import type { PortfolioItem } from '../../../shared/portfolio.ts';
import { Picture } from '../files/picture.tsx';
import { portfolioApi } from './portfolio-api.ts';

/** A piece's link: somebody else's site, so no endorsement and no hold on this page. */
export const PORTFOLIO_LINK_REL = 'nofollow ugc noopener';

/** One piece: its photo's card copy in a box of fixed shape, its title and its link. */
export function PortfolioPiece({ item }: { item: PortfolioItem }) {
  const urls = item.photo.urls;
  return (
    <figure className="space-y-2">
      {urls && (
        <Picture
          picture={{
            src: urls.card,
            srcSet: `${urls.thumb} 160w, ${urls.card} 480w`,
            sizes: '(min-width: 48rem) 16rem, 50vw',
            placeholder: item.photo.placeholder,
          }}
          alt={item.title}
          className="aspect-[4/3] w-full rounded-box"
        />
      )}
      <figcaption className="space-y-1">
        <p className="font-medium wrap-anywhere">{item.title}</p>
        {item.link && (
          <a
            href={item.link}
            rel={PORTFOLIO_LINK_REL}
            className="link text-sm break-all"
            aria-label={`${item.title}: ${item.link}`}
          >
            {item.link}
          </a>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * A freelancer's portfolio on their public profile (issue 49): a grid of up to 12 pieces. Read
 * after the profile, so the profile never waits for it; nothing shows when there is none.
 */
export function PortfolioGrid({ userId }: { userId: string }) {
  const [items, setItems] = useState<PortfolioItem[]>([]);
  useEffect(() => {
    let isCurrent = true;
    const cancel = afterPaint(() =>
      portfolioApi.of(userId).then(
        (list) => isCurrent && setItems(list),
        () => undefined, // the profile stands without its portfolio
      ),
    );
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [userId]);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="profile-portfolio" className="render-near-screen space-y-3">
      <h2 id="profile-portfolio" className="text-2xl font-semibold">
        Portfolio
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <PortfolioPiece item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
