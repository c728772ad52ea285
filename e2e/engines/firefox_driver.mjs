// Firefox ESR driven over WebDriver BiDi by puppeteer-core, one JSON command a line on stdin,
// one JSON answer a line on stdout, so that the engine smoke suite (e2e/engines/smoke.py)
// runs the same scenario in Firefox as in WebKit. (Playwright cannot drive Debian's Firefox.)
//
//   node e2e/engines/firefox_driver.mjs /usr/bin/firefox-esr <profile dir>
//   {"op": "goto", "url": "..."}  {"op": "eval", "js": "...", "frame": false}
//   {"op": "reload"}  {"op": "offline", "on": true}  {"op": "init", "js": "..."}  {"op": "quit"}
// Answers: {"ok": true, "value": ...} or {"ok": false, "error": "..."}.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, userDataDir] = process.argv.slice(2);
const NAVIGATION_MS = 120_000;
const EVAL_MS = 30_000;   // a page between documents may never answer: the caller asks again

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  userDataDir,
  headless: true,
  protocolTimeout: 300_000,
  extraPrefsFirefox: { "browser.shell.checkDefaultBrowser": false, "app.update.enabled": false },
});
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 800 });

/** The page, or its first child frame (the blog post's embedded game). */
function target(frame) {
  if (!frame) return page;
  const child = page.mainFrame().childFrames()[0];
  if (!child) throw new Error("no child frame");
  return child;
}

async function run(command) {
  switch (command.op) {
    case "goto":
      await page.goto(command.url, { waitUntil: "load", timeout: NAVIGATION_MS });
      return null;
    case "reload":
      await page.reload({ waitUntil: "load", timeout: NAVIGATION_MS });
      return null;
    case "eval": {
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer within 30 s")), EVAL_MS);
      });
      try {
        return await Promise.race([target(command.frame).evaluate(command.js), late]);
      } finally {
        clearTimeout(timer);
      }
    }
    case "init":
      await page.evaluateOnNewDocument(command.js);
      return null;
    case "offline":
      await page.setOfflineMode(Boolean(command.on));
      return null;
    case "quit":
      await browser.close();
      return null;
    default:
      throw new Error(`unknown op ${command.op}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const command = JSON.parse(line);
  let answer;
  try {
    answer = { ok: true, value: (await run(command)) ?? null };
  } catch (error) {
    answer = { ok: false, error: String(error?.message ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "quit") break;
}
process.exit(0);
