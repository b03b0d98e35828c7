/**
 * React.lazy whose module can be loaded ahead of its first render (`load()`). Once loaded it renders at
 * once, without suspending: a prerendered page whose first screen draws it hydrates it as the HTML drew it,
 * instead of showing the Suspense fallback until its chunk has run (docs/performance.md#no-flash).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface Loadable<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  load: () => Promise<unknown>;
}

export function loadable<P>(factory: () => Promise<{ default: ComponentType<P> }>): Loadable<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (loading ??= factory().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A chunk that failed to download is asked again by the next render or load.
        loading = undefined;
        throw error;
      },
    ));
  // React resolves a lazy component during the render in which its thenable calls back synchronously.
  const Component = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(loaded!) } as Promise<{
          default: ComponentType<P>;
        }>)
      : load(),
  );
  return { Component, load };
}
