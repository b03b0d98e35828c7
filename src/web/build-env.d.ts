// The browser has no Node `process`: webpack replaces `process.env.NODE_ENV` with the build's mode
// (optimization.nodeEnv), and `APP_VERSION` / `APP_BUILD` with the version and commit built (DefinePlugin,
// for support snapshots); that is all of it the SPA may use.
declare const process: {
  readonly env: { readonly NODE_ENV?: string; readonly APP_VERSION?: string; readonly APP_BUILD?: string };
};
