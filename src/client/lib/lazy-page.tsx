import { lazy, type ComponentType } from 'react';
import { importCode, markCodeLoaded, reloadOnceForNewCode } from './load-failure.ts';

type PageModule = { default: ComponentType };

const retries = new Set<() => void>();

async function loadPage(load: () => Promise<PageModule>): Promise<PageModule> {
  try {
    const module = await importCode(load);
    markCodeLoaded();
    return module;
  } catch (error) {
    // The page is reloading: keep the loading indicator until it goes.
    if (await reloadOnceForNewCode()) return new Promise<never>(() => {});
    throw error;
  }
}

/**
 * A page as a lazily loaded module (docs/decisions/005-router-and-route-data.md). React keeps a
 * lazy component's failure for good, so a failed load is replaced by a fresh one on Retry
 * (issue 8), and a chunk removed by a redeploy reloads the page once.
 */
export type LazyPage = ComponentType & {
  /** Starts loading the page's code before it renders (the browser keeps the module). */
  preload(): void;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const create = () =>
    lazy(() =>
      loadPage(load).catch((error: unknown) => {
        retries.add(() => (Lazy = create()));
        throw error;
      }),
    );
  let Lazy = create();
  const Page = () => <Lazy />;
  // A failure here shows when the page renders, through its own load.
  Page.preload = () => void load().catch(() => {});
  return Page;
}

/** Retry (issue 8): the pages whose code failed to load import it again when they render next. */
export function forgetFailedPages(): void {
  for (const retry of retries) retry();
  retries.clear();
}
