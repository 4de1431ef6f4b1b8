import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded part of the shell that the page can do without: its code failing to load (the
 * server went down) leaves the slot empty, never the page, and the slot tries again when it next
 * renders. Render it inside <Suspense>.
 */
export function optional<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const create = () =>
    lazy<ComponentType<P>>(() =>
      load().then(
        (component) => ({ default: component }),
        () => {
          Slot = create();
          return { default: () => null };
        },
      ),
    );
  let Slot = create();
  return (props: P) => <Slot {...props} />;
}
