/**
 * The only script of a prerendered page's HTML (scripts/prerender.ts): it runs the app's scripts, which the
 * HTML preloads, once the browser has painted the page. With plain deferred scripts, a browser that
 * finished parsing while the bundles were already downloaded ran them first, and the prerendered page
 * waited a second or more of script work (at 4x CPU throttling) for its first complete paint (docs/performance.md#budgets).
 * Plain browser code, no imports: it is its own webpack entry with no runtime to speak of.
 */
const script = document.currentScript as HTMLScriptElement | null;
const sources = script?.dataset.scripts?.split(' ').filter(Boolean) ?? [];
if (sources.length === 0) throw new Error('after-paint: no data-scripts to run, the app cannot start');

let started = false;

function runScripts() {
  if (started) return;
  started = true;
  for (const src of sources) {
    const element = document.createElement('script');
    element.src = src;
    // Inserted scripts are async by default; the bundles must run in the order given.
    element.async = false;
    document.body.append(element);
  }
}

// A requestAnimationFrame callback runs just before a paint; a task queued from it runs after that paint.
// A hidden page paints nothing (and runs no animation frames), so it gets the scripts at once, also when it
// is hidden before its first frame; the timer is the backstop of a page that never gets a frame.
if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(runScripts));
  document.addEventListener('visibilitychange', runScripts, { once: true });
  setTimeout(runScripts, 2000);
} else {
  runScripts();
}
