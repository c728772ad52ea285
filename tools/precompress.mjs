// Writes a brotli copy (FILE.br) beside each file named: tools/precompress.py's brotli step.
//
// Why node: Python's standard library has no brotli; node's zlib has. Maximum settings: this
// runs once a deploy build, and every first visit downloads the result. The output depends on
// the input bytes alone, so a build stays reproducible.
//
// Usage: node tools/precompress.mjs FILE...
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }));
}
