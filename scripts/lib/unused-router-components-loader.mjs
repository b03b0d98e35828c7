// @ts-check
/**
 * A webpack loader for React Router's bundled module (webpack.config.js, docs/performance.md#size-budgets).
 * The package ships its data router, components and hooks as one module and declares each component as
 * `var NavLink = React10.forwardRef(...)` followed by `NavLink.displayName = "NavLink"`: a call and an
 * assignment the minifier must keep, so components the app never imports stayed in every first load with
 * all that only they use (NavLink, and Form with its submission code: about 1.5 KB gzip). For the
 * components named below, this marks the call pure and drops the name, which only React's developer
 * tools show: unused, the minifier removes them; imported one day, they work as before.
 */

/** React Router's components the app does not import (`from 'react-router-dom'` in src/web). */
const UNUSED = ['NavLink', 'Form'];

/**
 * @this {import('webpack').LoaderContext<unknown>}
 * @param {string} source
 * @returns {string}
 */
export default function unusedRouterComponents(source) {
  let result = source;
  for (const name of UNUSED) {
    const declaration = new RegExp(`^var ${name} = (React\\d*\\.forwardRef\\()`, 'm');
    const displayName = new RegExp(`^${name}\\.displayName = "${name}";\\n`, 'm');
    if (!declaration.test(result) || !displayName.test(result)) {
      // Another layout of the package: nothing breaks, the first loads only grow (`npm run size` tells).
      if (result.includes(`${name}.displayName`)) {
        this.emitWarning(
          new Error(`React Router's ${name} no longer matches: update ${import.meta.filename}`),
        );
      }
      continue;
    }
    result = result.replace(declaration, `var ${name} = /* @__PURE__ */ $1`).replace(displayName, '');
  }
  return result;
}
