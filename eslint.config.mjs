// The JavaScript linter's settings (`make check` runs `npx eslint`): eslint's recommended rules,
// which catch mistakes (undefined and unused names, unreachable code, duplicate keys...), not
// layout. Each group of files gets the globals of where it runs.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "dist/", "build/", "vendor/", ".cache/", ".venv/"] },
  js.configs.recommended,
  {
    // `const { dropped, ...rest } = options` is how a key is left out of a copy (pyodide-early.mjs)
    rules: { "no-unused-vars": ["error", { ignoreRestSiblings: true }] },
  },
  {
    // the page's modules and classic scripts (assets/*.js may also load in a module worker)
    files: ["assets/**/*.js", "assets/**/*.mjs", "bench/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser, ...globals.worker } },
  },
  {
    // build, test and benchmark scripts run by Node
    files: ["tools/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
  {
    // the service worker; tools/build.py replaces the __NAME__ placeholders with literals
    files: ["tools/sw_template.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, __PRECACHE__: "readonly", __INTEGRITY__: "readonly", __CHECKED_AFTER_SERVING__: "readonly" },
    },
  },
];
