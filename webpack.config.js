// @ts-check
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';

const root = import.meta.dirname;
const apiPort = process.env.API_PORT ?? '3000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<asset>.br` and `<asset>.gz` beside each text asset, so the server sends precompressed files
 * instead of compressing on every request.
 */
class PrecompressPlugin {
  static pluginName = 'PrecompressPlugin';

  /** @param {{ test?: RegExp, threshold?: number }} [options] */
  constructor({ test = /\.(js|css|html)$/, threshold = 1024 } = {}) {
    this.test = test;
    this.threshold = threshold;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PrecompressPlugin.pluginName, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and html-webpack-plugin, so the final bytes are compressed.
        { name: PrecompressPlugin.pluginName, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => this.test.test(name));
          await Promise.all(names.map((name) => this.compress(compilation, name)));
        },
      );
    });
  }

  /**
   * @param {import('webpack').Compilation} compilation
   * @param {string} name
   */
  async compress(compilation, name) {
    const asset = compilation.getAsset(name);
    if (!asset || asset.info.compressed) return;
    const input = asset.source.buffer();
    if (input.length <= this.threshold) return;
    const [br, gz] = await Promise.all([
      brotli(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      }),
      gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    const { RawSource } = compilation.compiler.webpack.sources;
    /** @type {Record<string, string>} */
    const related = {};
    for (const [ext, output, key] of /** @type {const} */ ([
      ['br', br, 'brotli'],
      ['gz', gz, 'gzip'],
    ])) {
      if (output.length >= input.length) continue;
      related[key] = `${name}.${ext}`;
      compilation.emitAsset(`${name}.${ext}`, new RawSource(output), {
        compressed: true,
        immutable: asset.info.immutable,
      });
    }
    compilation.updateAsset(name, asset.source, { related });
  }
}

/**
 * Writes the chunk graph of a build to `filename`: the files of each entry point and of each named lazy
 * chunk's group, shared split chunks included (`namedChunkGroups`, for scripts/size-report.ts and the
 * preloads of scripts/prerender.ts), and each named chunk's own files (`namedChunks`: lazy chunks are
 * named by id, so only this tells which file is the login page's). Kept outside dist/web so the server
 * never serves it.
 */
class ChunkGraphPlugin {
  static pluginName = 'ChunkGraphPlugin';

  /** @param {{ filename: string }} options */
  constructor({ filename }) {
    this.filename = filename;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tapPromise(ChunkGraphPlugin.pluginName, async (stats) => {
      const { entrypoints, namedChunkGroups } = stats.toJson({
        all: false,
        entrypoints: true,
        chunkGroups: true,
      });
      /** @type {Record<string, string[]>} */
      const namedChunks = {};
      for (const [name, chunk] of stats.compilation.namedChunks) namedChunks[name] = [...chunk.files];
      await mkdir(path.dirname(this.filename), { recursive: true });
      await writeFile(this.filename, JSON.stringify({ entrypoints, namedChunkGroups, namedChunks }, null, 2));
    });
  }
}

// Vendor code of every first load (React, the router, RTK, MUI and Emotion) in one long-cached chunk: one
// file compresses better than four (issue 12). `initial` keeps modules that only lazily loaded routes use
// (icons, rarely used components, the Usage chart's selector helpers) out of the first load.
const vendor = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@reduxjs|redux|react-redux|redux-thunk|reselect|immer|use-sync-external-store|@mui|@emotion|@popperjs|@babel[\\/]runtime|react-transition-group|react-is|prop-types|hoist-non-react-statics|stylis|clsx|dom-helpers)[\\/]/,
  chunks: /** @type {const} */ ('initial'),
  name: 'vendor',
  priority: 20,
  enforce: true,
  reuseExistingChunk: true,
};

// MUI's InputBase imports TextareaAutosize for multiline fields; the app has none, so a plain textarea
// stands in (src/web/components/PlainTextarea.tsx says why) and every text box's first load is lighter.
const textareaStandIn = new webpack.NormalModuleReplacementPlugin(
  /[\\/]TextareaAutosize[\\/]index\.js$/,
  path.join(root, 'src/web/components/PlainTextarea.tsx'),
);

/**
 * Stand-ins for MUI modules that every page imports but none draws at first paint
 * (docs/performance.md#size-budgets); each file says why it is safe. Only MUI's own relative imports are
 * replaced, so a stand-in can still load the real module lazily by its package path.
 * @type {{ request: RegExp, from: RegExp, standIn: string }[]}
 */
const muiStandIns = [
  // The CSS-variables theming no theme of the app uses.
  {
    request: /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.js$/,
    from: /[\\/]@mui[\\/]material[\\/]esm[\\/]styles$/,
    standIn: 'src/web/components/no-css-variables.ts',
  },
  // The ripple, drawn after a first press: loaded then.
  {
    request: /^\.\/TouchRipple\.js$/,
    from: /[\\/]@mui[\\/]material[\\/]esm[\\/]ButtonBase$/,
    standIn: 'src/web/components/LazyTouchRipple.tsx',
  },
  // The icons' SvgIcon, with every palette colour's rules: a light one draws the same <svg>.
  {
    request: /^\.\/utils\/createSvgIcon\.js$/,
    from: /[\\/]@mui[\\/]icons-material[\\/]esm$/,
    standIn: 'src/web/components/LightSvgIcon.tsx',
  },
  // Button's and IconButton's loading spinner, drawn only while busy: loaded then.
  {
    request: /^\.\.\/CircularProgress\/index\.js$/,
    from: /[\\/]@mui[\\/]material[\\/]esm[\\/](Button|IconButton)$/,
    standIn: 'src/web/components/LazySpinner.tsx',
  },
];

const muiStandInsPlugin = new webpack.NormalModuleReplacementPlugin(/\.js$/, (resource) => {
  const found = muiStandIns.find(
    ({ request, from }) => request.test(resource.request) && from.test(resource.context ?? ''),
  );
  if (found) resource.request = path.join(root, found.standIn);
});

/**
 * How sources are compiled, for the browser build and the prerender build alike.
 * @param {{ production: boolean, refresh: boolean }} options
 * @returns {import('webpack').RuleSetRule[]}
 */
export function moduleRules({ production, refresh }) {
  return [
    {
      // @emotion/react imports it bare (for withTheme, which the app never uses), and the package does not
      // say it is free of side effects, so it and its react-is stayed in every first load (about 1 KB gzip).
      test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/,
      sideEffects: false,
    },
    // React Router's one module keeps components the app never imports (NavLink, Form): the loader says why.
    ...(production
      ? [
          {
            test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/,
            loader: path.join(root, 'scripts/lib/unused-router-components-loader.mjs'),
          },
        ]
      : []),
    {
      // The Usage chart (@mui/x-charts, a lazy route) memoizes with more of reselect than RTK does. Given
      // its own copy of reselect (the same package's other build), it no longer grows the reselect that
      // RTK puts in the first load of every page.
      issuer: /[\\/]node_modules[\\/]@mui[\\/]x-/,
      resolve: {
        alias: { reselect: path.join(root, 'node_modules/reselect/dist/reselect.legacy-esm.js') },
      },
    },
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      // Code the compiled server also runs (src/shared, src/contract) imports `./email.js` for email.ts,
      // as Node needs; only our own modules' imports are read that way, never a package's.
      resolve: { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: {
              // `refresh` registers components for React Refresh (hot reload keeping state); development only,
              // with ReactRefreshWebpackPlugin below providing the runtime.
              react: {
                runtime: 'automatic',
                development: !production,
                refresh,
                useBuiltins: true,
              },
            },
          },
        },
      },
    },
    { test: /\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?)$/i, type: 'asset' },
  ];
}

/**
 * The version and build a support snapshot names (src/web/app/support-snapshot.ts): package.json's version
 * and the commit built, with `+changes` when the work tree differed from it.
 * @returns {{ version: string, build: string }}
 */
function appIdentity() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  let build = 'unknown';
  try {
    build = git('rev-parse', '--short=12', 'HEAD');
    if (git('status', '--porcelain', '--untracked-files=no') !== '') build += '+changes';
  } catch {
    // Not a git checkout (an unpacked archive): the version alone names the build.
  }
  return { version, build };
}

/**
 * @param {Record<string, unknown>} _env
 * @param {{ mode?: 'production' | 'development' | 'none' }} argv
 * @returns {import('webpack').Configuration | import('webpack').Configuration[]}
 */
export default function config(_env, argv) {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  // The production build also builds the prerender (scripts/prerender.ts renders the public pages with it).
  return production ? [browserConfig(production), prerenderConfig()] : browserConfig(production);
}

/**
 * The server-side renderer of the public pages (src/web/prerender.tsx) for Node: one CommonJS file,
 * lazy routes included, read by scripts/prerender.ts at build time. Kept outside dist/web so the server
 * never serves it.
 * @returns {import('webpack').Configuration}
 */
function prerenderConfig() {
  return {
    name: 'prerender',
    mode: 'production',
    context: root,
    target: 'node20',
    entry: { prerender: './src/web/prerender.tsx' },
    output: {
      path: path.join(root, 'dist/prerender'),
      filename: 'prerender.cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: { rules: moduleRules({ production: true, refresh: false }) },
    devtool: false,
    cache: { type: 'filesystem', name: 'prerender', buildDependencies: { config: [import.meta.filename] } },
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    plugins: [
      textareaStandIn,
      muiStandInsPlugin,
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The browser build (and the development server).
 * @param {boolean} production
 * @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }}
 */
function browserConfig(production) {
  // 8 hex digits tell versions apart as well as 20 (CRA's choice); each chunk's hash is also in the runtime's
  // chunk map, where 12 fewer incompressible digits a chunk take ~0.4 KB gzip off every first load.
  const hashed = production ? '[name].[contenthash:8]' : '[name]';
  const identity = appIdentity();

  return {
    name: 'browser',
    mode: production ? 'production' : 'development',
    context: root,
    entry: {
      // Webpack's runtime in a file of its own, which the lazy route chunks share.
      main: { import: './src/web/main.tsx', runtime: 'runtime' },
      // Prerendered pages (production only) load the app through it (src/web/after-paint.ts says why):
      // a module without imports, so its file holds no runtime to speak of.
      ...(production ? { 'after-paint': './src/web/after-paint.ts' } : {}),
    },
    output: {
      path: path.join(root, 'dist/web'),
      filename: `${hashed}.js`,
      // Lazy chunks are named with `import(/* webpackChunkName: "login" */ '...')` for the chunk graph
      // (route-chunks.ts), but their files by id in production: a name in the file name puts a table of
      // every lazy chunk's name in the runtime (about 0.5 KB gzip on every first load). The chunk graph
      // (ChunkGraphPlugin) tells which files a named chunk has.
      chunkFilename: production ? '[id].[contenthash:8].js' : '[name].js',
      assetModuleFilename: `assets/${hashed}[ext]`,
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: { rules: moduleRules({ production, refresh: !production }) },
    devtool: production ? false : 'eval-cheap-module-source-map',
    cache: { type: 'filesystem', buildDependencies: { config: [import.meta.filename] } },
    optimization: {
      moduleIds: 'deterministic',
      // swc's minifier in place of terser (webpack's default): half the build's CPU (webpack 47 CPU s against
      // 97, measured in one run), and the first loads came out smaller (/login 184.2 KB gzip against 184.3).
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: { passes: 2 }, mangle: true },
        }),
      ],
      splitChunks: {
        chunks: 'all',
        // Fewer, larger lazy chunks: a first load of a dozen small files compresses worse than a few.
        minSize: 90000,
        cacheGroups: { vendor },
      },
    },
    plugins: [
      textareaStandIn,
      muiStandInsPlugin,
      new webpack.DefinePlugin({
        'process.env.APP_VERSION': JSON.stringify(identity.version),
        'process.env.APP_BUILD': JSON.stringify(identity.build),
      }),
      new HtmlWebpackPlugin({ template: './src/web/index.html', scriptLoading: 'defer', chunks: ['main'] }),
      ...(production
        ? [
            new PrecompressPlugin(),
            new ChunkGraphPlugin({ filename: path.join(root, 'dist/web-stats.json') }),
          ]
        : // Hot reload of React components keeping their state; webpack-dev-server's overlay shows errors.
          // `forceEnable` keeps it in step with swc's `refresh` above even when NODE_ENV=production is set.
          [new ReactRefreshWebpackPlugin({ overlay: false, forceEnable: true })]),
    ],
    performance: production
      ? { hints: 'warning', maxEntrypointSize: 800_000, maxAssetSize: 600_000 }
      : { hints: false },
    stats: production ? { preset: 'normal', excludeAssets: [/\.(br|gz)$/] } : 'minimal',
    devServer: {
      host: 'localhost',
      port: 8080,
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [
        {
          context: ['/api', '/org-subscription', '/sandbox', '/support', '/app-config.js'],
          // The server listens on localhost (loopback only) in development: the same name resolves alike here.
          target: `http://localhost:${apiPort}`,
        },
      ],
    },
  };
}
