// Preloaded (NODE_OPTIONS=--require) into a device server started by a test: on SIGUSR2 it writes
// the files CommonJS has loaded (require.cache) to $HMI_LOADED_MODULES_OUT, one a line, then
// "done" to stderr so that the test knows the list is whole.
'use strict';
const fs = require('node:fs');
process.on('SIGUSR2', () => {
  fs.writeFileSync(process.env.HMI_LOADED_MODULES_OUT, Object.keys(require.cache).join('\n'));
  process.stderr.write('loaded-modules: done\n');
});
