// Rewrites each JavaScript file named without its comments, line for line: a comment becomes
// the line breaks it held, so every line of code keeps its number (an error's stack still
// points at the right line) and no statement joins the next.
//
// Why: the site's own scripts are a third comments, written for their readers, and every first
// visit downloads them (12 KB gzip of the 5.0 MB budget, e2e/test_first_visit_bytes.py).
// acorn finds the comments as the browser's grammar does, so a `//` in a string, a template or
// a regular expression is never taken for one; the result must give the very same tokens as the
// source, or the file is left as it was and the build fails.
//
// Usage: node tools/strip_js_comments.mjs FILE...   (read as a module, else as a classic script)
import { readFileSync, writeFileSync } from "node:fs";
import * as acorn from "acorn";

function options(sourceType, comments) {
  return { ecmaVersion: "latest", sourceType, allowHashBang: true, onComment: comments };
}

// "module" or "script": how the file parses (a .js here may be either)
function sourceTypeOf(source) {
  try {
    acorn.parse(source, options("module"));
    return "module";
  } catch {
    return "script";
  }
}

function tokens(sourceType, source) {
  return [...acorn.tokenizer(source, options(sourceType))].map((token) => `${token.type.label} ${token.value}`);
}

function stripped(sourceType, source) {
  const comments = [];
  acorn.parse(source, options(sourceType, comments));
  let out = "";
  let from = 0;
  for (const comment of comments) {
    out += source.slice(from, comment.start) + "\n".repeat(source.slice(comment.start, comment.end).split("\n").length - 1);
    from = comment.end;
  }
  out += source.slice(from);
  return out.replace(/[ \t]+$/gm, "");
}

let failed = false;
for (const file of process.argv.slice(2)) {
  const source = readFileSync(file, "utf8");
  try {
    const sourceType = sourceTypeOf(source);
    const result = stripped(sourceType, source);
    if (tokens(sourceType, result).join("\n") !== tokens(sourceType, source).join("\n")
        || result.split("\n").length !== source.split("\n").length) {
      throw new Error("without its comments it would not be the same program");
    }
    writeFileSync(file, result);
  } catch (error) {
    console.error(`${file}: ${error.message}; left as it is`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
