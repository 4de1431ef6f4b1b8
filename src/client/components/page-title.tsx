import { BRAND } from '../../shared/brand.ts';

/** The tab title: the product name followed by the page name (spec §2), via React 19's <title>. */
export function PageTitle({ name }: { name: string }) {
  return <title>{`${BRAND} | ${name}`}</title>;
}
