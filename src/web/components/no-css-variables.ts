/**
 * Stands in for MUI's CSS-variables theming (createThemeWithVars, ThemeProviderWithVars) in the build
 * (webpack.config.js). The app's themes are plain ones (components/theme.ts, the pricing page's dark
 * theme: no `cssVariables`, no `colorSchemes`), for which MUI's createTheme and ThemeProvider never call
 * these; yet they import them, and with them the color-scheme script and the CSS-variables provider
 * (docs/performance.md#size-budgets). Should a theme ask for CSS variables, this says so at once.
 */
function leftOut(): never {
  throw new Error(
    'MUI CSS-variables theming is left out of this build (src/web/components/no-css-variables.ts): ' +
      'use a theme without cssVariables or colorSchemes, or remove the stand-in from webpack.config.js.',
  );
}

export default leftOut;
export const createGetCssVar = leftOut;
export const CssVarsProvider = leftOut;
export const Experimental_CssVarsProvider = leftOut;
export const useColorScheme = leftOut;
export const getInitColorSchemeScript = leftOut;
