// The browser has no Node `process`: webpack replaces `process.env.NODE_ENV` with the build's mode
// (optimization.nodeEnv), and that is all of it the SPA may use.
declare const process: { readonly env: { readonly NODE_ENV?: string } };
