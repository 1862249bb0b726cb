import { lazy, Suspense, type ComponentType } from "react";
import { useShownOnce } from "./use-shown-once";

/**
 * A modal whose code loads the first time it opens (a visitor of / may never open it), then stays
 * mounted so it animates closed. Nothing is shown while the code loads.
 */
export function lazyModal<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: P) {
    const shown = useShownOnce(props.opened);
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
