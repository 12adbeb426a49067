import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;
/** The QA explorer's layout worker (src/features/machines/layout-worker-client.ts names its chunk). */
const LAYOUT_WORKER = 'statechart-layout';
const LAYOUT_WORKER_ASSET = new RegExp(`^assets/${LAYOUT_WORKER}\\.[0-9a-f]+\\.js$`);

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
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        scriptLoading: 'defer',
        minify: production,
      }),
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
