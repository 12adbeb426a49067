import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Compilation, Compiler, Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;
/** The QA explorer's layout worker (src/features/machines/layout-worker-client.ts names its chunk). */
const LAYOUT_WORKER = 'statechart-layout';
const LAYOUT_WORKER_ASSET = new RegExp(`^assets/${LAYOUT_WORKER}\\.[0-9a-f]+\\.js$`);

/**
 * The console's pages. One HTML per kind of first load, so that the browser asks for every script
 * the page will run while it reads the HTML, instead of a chain (the HTML names main, main's boot
 * asks for the shell, the shell for its parts: a round trip each, 150 ms apiece on a slow tablet
 * connection). The device server sends `sign-in.html` for the sign-in pages, `signed-in.html` for
 * a console route to a browser that keeps a session, `index.html` (the entry scripts only)
 * otherwise (server/http/console.ts).
 * `<link rel="preload">` only downloads: nothing runs before the code that needs it asks for it.
 */
const PAGES: readonly { filename: string; preload: readonly string[] }[] = [
  { filename: 'index.html', preload: [] },
  // The chunks src/app/route-chunks.ts names for every signed-in page, and src/boot.ts's route-preload.
  { filename: 'signed-in.html', preload: ['route-preload', 'shell', 'notifier'] },
  { filename: 'sign-in.html', preload: ['login'] },
];

/** The files (as URLs) of the named chunk groups, in order, past those in `skip`. */
function filesOf(compilation: Compilation, names: readonly string[], publicPath: string, skip: ReadonlySet<string>): string[] {
  const files: string[] = [];
  for (const name of names) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`PreloadChunkGroups: no chunk group named "${name}"`);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) {
        const href = `${publicPath}${file}`;
        if (file.endsWith('.js') && !skip.has(href) && !files.includes(href)) files.push(href);
      }
    }
  }
  return files;
}

/**
 * Adds `<link rel="preload" as="script">` for the files of the named chunk groups a page lists
 * (PAGES), past the files its `<script>` tags already name. Not a screen's chunks: fetched with
 * the shell's, they share the slow link with what the frame needs and the frame paints later
 * (Lighthouse mobile, dashboard 92 -> 83, data log 85 -> 76); the frame asks for them once painted.
 */
class PreloadChunkGroups {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadChunkGroups', (compilation: Compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadChunkGroups', (data) => {
        const page = PAGES.find((p) => p.filename === data.outputName);
        if (!page?.preload.length) return data;
        const named = new Set(data.headTags.map((t) => String(t.attributes.src ?? t.attributes.href ?? '')));
        const links = filesOf(compilation, page.preload, data.publicPath, named).map((href) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href }));
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}

/** Builds the console into dist/: content-hashed per-route chunks, one chunk per locale, and
 * pre-compressed .gz and .br copies the device server sends to browsers that accept them. */
export default (_env: unknown, argv: { mode?: 'production' | 'development' }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // boot runs first and asks for the texts and route chunks the page will need while main (the
    // console's code, most of the bytes) is still arriving (src/boot.ts).
    entry: { boot: './src/boot.ts', main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      // Text chunks (ten per namespace) go without a content hash: every hash sits in the runtime's
      // chunk map, which every route loads, sign-in included. They are served with no-cache and
      // revalidated by ETag instead (their names and module ids are stable across builds).
      chunkFilename: (data) => (production && !data.chunk?.name?.startsWith('locale-') ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js'),
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // react-router's package exports only its development build (warnings, invariant texts,
      // dev-only checks) to bundlers; its production build ships beside it (0.6 KB gzipped less).
      alias: production
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.resolve(__dirname, 'tsconfig.json') } },
        },
        { test: /\.(png|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    optimization: {
      // Every chunk shares what other routes already load: a screen's chunk no longer carries its own
      // copies of MUI, the pickers and dayjs (the trend chunk was 236 KB gzipped, 121 KB of it copies;
      // the sign-in route is unchanged by it, 224.5 KB either way). The statechart layout worker is
      // one file (elkjs in it) and stays whole.
      splitChunks: { chunks: (chunk) => chunk.name !== LAYOUT_WORKER },
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      // webpack's own minimizer (terser, two passes) on every core, except on the layout worker:
      // elkjs is 1.6 MB, already minified, and terser spent 40-45 s of the build's 195 s on it.
      // esbuild does that file in under a second, to 453 KB gzipped instead of terser's 441.
      minimizer: [
        new MinimizerPlugin({
          test: /\.js$/,
          exclude: LAYOUT_WORKER_ASSET,
          parallel: os.availableParallelism(),
          minify: MinimizerPlugin.terserMinify,
          minimizerOptions: { compress: { passes: 2 } },
        }),
        // elkjs compares with -0 on purpose (GWT output): esbuild's warning about it is not ours to fix.
        new MinimizerPlugin({
          test: LAYOUT_WORKER_ASSET,
          minify: MinimizerPlugin.esbuildMinify,
          minimizerOptions: { logOverride: { 'equals-negative-zero': 'silent' } },
        }),
      ],
    },
    performance: { hints: false },
    plugins: [
      ...PAGES.map(
        (page) =>
          new HtmlWebpackPlugin({
            filename: page.filename,
            template: './public/index.html',
            favicon: './public/favicon.svg',
            scriptLoading: 'defer',
            minify: production,
          }),
      ),
      new PreloadChunkGroups(),
      ...(production
        ? [
            new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: COMPRESSIBLE, threshold: 512, minRatio: 0.9 }),
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              threshold: 512,
              minRatio: 0.9,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
            }),
          ]
        : []),
    ],
  };
};
