/**
 * Input before hydration (docs/performance.md#input-before-hydration). A prerendered page is drawn before
 * any script of the app has run; the build writes `EARLY_INPUT_SCRIPT` inline right after its #root
 * (scripts/prerender.ts), where it runs before the first paint. It lets the visitor use the page at once:
 * it takes the root's `inert` (which keeps the page unusable with JavaScript off, where a native submit
 * would put the password in the address), marks the root as hydrating, and until the app has hydrated it
 * records what the visitor types in the page's boxes and holds back their clicks and submits (a native
 * submit would leave the page). The app then puts the typed text into its state and plays the held clicks
 * in order (src/web/app/early-input.ts). The server allows this one inline script by its hash
 * (src/server/http/headers.ts): no other inline script runs.
 */

/** The attribute #root carries from the capture script until the app has hydrated it. */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';

/** The global the capture script records into (`EarlyInput` of src/web/app/early-input.ts). */
export const EARLY_INPUT_GLOBAL = '__earlyInput';

/** Ends the capture: the root is the app's (also takes `inert` away, should the capture not have run). */
export function endCapture(root: { removeAttribute(name: string): void }): void {
  root.removeAttribute('inert');
  root.removeAttribute(HYDRATING_ATTRIBUTE);
}

/**
 * Controls whose click does something only the app can do. Links are not held: they work as plain links.
 * Plain ES5 in a string: it is written into the HTML as is, and its hash goes into the policy.
 */
const PRESSABLE =
  'button,input[type=checkbox],input[type=radio],input[type=submit],[role=button],[role=tab],[role=switch],[role=checkbox]';

export const EARLY_INPUT_SCRIPT =
  '(function(){' +
  'var r=document.getElementById("root");if(!r)return;' +
  `r.removeAttribute("inert");r.setAttribute("${HYDRATING_ATTRIBUTE}","");` +
  `var q=window.${EARLY_INPUT_GLOBAL}={values:[],actions:[]};` +
  'function on(t,f){document.addEventListener(t,function(e){' +
  `if(r.hasAttribute("${HYDRATING_ATTRIBUTE}")&&e.target instanceof Element&&r.contains(e.target))f(e)},true)}` +
  'function hold(e,x){e.preventDefault();e.stopPropagation();q.actions.push(x)}' +
  'on("input",function(e){q.values.push([e.target,e.target.value])});' +
  `on("click",function(e){var c=e.target.closest("${PRESSABLE}");if(c)hold(e,c)});` +
  'on("submit",function(e){hold(e,e.target)})' +
  '})()';
