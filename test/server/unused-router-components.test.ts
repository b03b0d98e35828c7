// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * docs/performance.md#size-budgets: the production build's loader on React Router's one module lets the
 * minifier drop the components the app never imports (NavLink, Form) and changes nothing else, on the
 * package as installed; a package whose layout no longer matches is reported, not silently skipped.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoaderContext } from 'webpack';
import { describe, it } from './helpers/node-test.js';
import unusedRouterComponents from '../../scripts/lib/unused-router-components-loader.mjs';

const dist = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist');

/** The loader's output for `source`, with the warnings it gave. */
function load(source: string): { output: string; warnings: string[] } {
  const warnings: string[] = [];
  // The loader asks its context for nothing but emitWarning.
  const context = {
    emitWarning: (error: Error) => void warnings.push(error.message),
  } as Partial<LoaderContext<unknown>> as LoaderContext<unknown>;
  const output = unusedRouterComponents.call(context, source);
  return { output, warnings };
}

/** The installed package's module that declares its components, in each of its builds. */
const componentModules = ['production', 'development'].map((build) => {
  const dir = path.join(dist, build);
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.mjs'))
    .find((name) => readFileSync(path.join(dir, name), 'utf8').includes('NavLink.displayName'));
  assert.ok(file, `React Router's ${build} build declares NavLink`);
  return { build, source: readFileSync(path.join(dir, file), 'utf8') };
});

describe('the loader on React Router', () => {
  for (const { build, source } of componentModules) {
    it(`marks NavLink and Form pure and drops their names, nothing else (${build})`, () => {
      const { output, warnings } = load(source);
      assert.deepEqual(warnings, []);
      let expected = source;
      for (const name of ['NavLink', 'Form']) {
        assert.match(output, new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.forwardRef\\(`, 'm'));
        expected = expected
          .replace(new RegExp(`^var ${name} = `, 'm'), `var ${name} = /* @__PURE__ */ `)
          .replace(`${name}.displayName = "${name}";\n`, '');
      }
      // Nothing else changes: Link, which the app uses, keeps its name.
      assert.equal(output, expected);
      assert.match(output, /^Link\.displayName = "Link";$/m);
    });
  }

  it('leaves a module without those components as it is, and reports one it no longer understands', () => {
    const other = 'export const x = 1;\n';
    assert.deepEqual(load(other), { output: other, warnings: [] });
    const changed = 'const NavLink = forwardRef(render);\nNavLink.displayName = "NavLink";\n';
    const { output, warnings } = load(changed);
    assert.equal(output, changed);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /NavLink no longer matches/);
  });
});
