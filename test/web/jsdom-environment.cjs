// @ts-check
// Jest's environment for the web suite: jest-fixed-jsdom, with jsdom's style cascade told what a class
// selector cannot match.
//
// getComputedStyle (Testing Library's role queries ask it of every element and its ancestors) matches each
// element against every rule of the page's style sheets, and Emotion writes hundreds: it was two fifths of
// a rendering file's CPU. Nearly every rule's last compound names a class (`.css-1x2y3z`,
// `.css-1x2y3z:hover`, `.css-1x2y3z .MuiButton-icon`), which an element without that class cannot match;
// those are answered at once, and every other selector goes to jsdom's matcher (nwsapi) as before.
// @ts-expect-error jsdom's internal modules ship no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the very CommonJS module jsdom's cascade loads
const selectors = require('jsdom/lib/jsdom/living/helpers/selectors');

/**
 * The class the selector's last compound requires, or null when it is not one simple complex selector.
 * @param {unknown} selector a rule's selectorText (a @keyframes or @font-face rule has none)
 * @returns {string | null}
 */
function requiredClass(selector) {
  if (typeof selector !== 'string') return null;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === '\\' || char === '"' || char === "'") return null;
    else if (depth === 0) {
      if (char === ',') return null;
      if (char === ' ' || char === '>' || char === '+' || char === '~') start = i + 1;
    }
  }
  const compound = selector.slice(start);
  depth = 0;
  for (let i = 0; i < compound.length; i += 1) {
    const char = compound[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0 && char === '.') {
      const name = /^[\w-]+/.exec(compound.slice(i + 1));
      if (name) return name[0];
    }
  }
  return null;
}

/** @type {Map<string, string | null>} */
const required = new Map();
/** @type {(elementImpl: any, selector: string) => boolean} */
const matchesDontThrow = selectors.matchesDontThrow;
/** @type {(elementImpl: any, selector: string) => boolean} */
selectors.matchesDontThrow = (elementImpl, selector) => {
  let name = required.get(selector);
  if (name === undefined) {
    name = requiredClass(selector);
    required.set(selector, name);
  }
  if (name !== null && !classesOf(elementImpl).has(name)) return false;
  return matchesDontThrow(elementImpl, selector);
};

/** @type {WeakMap<object, { attribute: string | null; names: Set<string> }>} */
const classLists = new WeakMap();

/**
 * @param {any} elementImpl
 * @returns {Set<string>}
 */
function classesOf(elementImpl) {
  /** @type {string | null} */
  const attribute = elementImpl.getAttributeNS(null, 'class');
  const known = classLists.get(elementImpl);
  if (known?.attribute === attribute) return known.names;
  const names = new Set(attribute?.split(/\s+/));
  classLists.set(elementImpl, { attribute, names });
  return names;
}

// @ts-expect-error jest-fixed-jsdom ships no types; Jest takes the class it exports.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a Jest environment is a CommonJS export
module.exports = require('jest-fixed-jsdom');
