// Firefox for the engine smoke suite: Debian's firefox-esr driven by puppeteer-core over
// WebDriver BiDi (Debian has no geckodriver; puppeteer-core downloads no browser).
//
//     node e2e/engines/firefox.mjs [--executable /usr/bin/firefox-esr]
//
// Reads one JSON command a line on standard input and answers each with one JSON line on
// standard output, in order, flushed: {"ok": true, "value": …} or {"ok": false, "error": "…"}.
// e2e/engines/drivers.py speaks it; the scenarios live in Python, beside the WebKit ones.
//
//   {"op": "start"}                          launch the browser (a new profile), open a tab
//   {"op": "goto", "url": "…"}               load an address (returns once the DOM is parsed)
//   {"op": "reload"}
//   {"op": "eval", "fn": "(a, b) => …", "args": [a, b]}   the function's JSON result
//   {"op": "click", "css": "…"}              the first visible match, scrolled into view
//   {"op": "key", "key": "Enter"}            a key press on whatever has the focus
//   {"op": "viewport", "width": 360, "height": 640}
//   {"op": "screenshot", "path": "…"}
//   {"op": "errors"}                         console errors and uncaught errors since the last call
//   {"op": "version"}
//   {"op": "quit"}
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const args = process.argv.slice(2);
const executablePath = args.includes("--executable")
  ? args[args.indexOf("--executable") + 1]
  : "/usr/bin/firefox-esr";

let browser = null;
let page = null;
let errors = [];

// The first visible element that matches (inside an open <dialog> too), or null.
const VISIBLE = (css) => {
  for (const el of document.querySelectorAll(css)) {
    if (
      (el.offsetWidth || el.offsetHeight || el.getClientRects().length) &&
      getComputedStyle(el).visibility !== "hidden"
    )
      return el;
  }
  return null;
};

const ops = {
  async start() {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath,
      headless: true,
      extraPrefsFirefox: {
        // nothing leaves the machine: no update or telemetry pings, no remote settings
        "app.update.enabled": false,
        "datareporting.policy.dataSubmissionEnabled": false,
        "toolkit.telemetry.enabled": false,
      },
    });
    page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    page.on("console", (message) => {
      if (message.type() === "error") {
        const where = message.location()?.url ?? "";
        errors.push(`console error: ${message.text()} (${where})`);
      }
    });
    page.on("pageerror", (error) => errors.push(`page error: ${error.message ?? error}`));
    return null;
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 180_000 });
    return null;
  },
  async reload() {
    await page.reload({ waitUntil: "domcontentloaded", timeout: 180_000 });
    return null;
  },
  async eval({ fn, args }) {
    return await page.evaluate(`(${fn})(...${JSON.stringify(args ?? [])})`);
  },
  async click({ css }) {
    // a page that re-renders may replace the element between finding and clicking: find again,
    // a moment later
    for (let attempt = 1; ; attempt++) {
      const handle = await page.evaluateHandle(VISIBLE, css);
      const element = handle.asElement();
      if (element === null) throw new Error(`nothing visible matches ${css}`);
      try {
        // inside a scrollable <dialog> a click lands only on what is in view
        await element.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
        await element.click();
        return null;
      } catch (error) {
        if (attempt >= 10 || !/detached|not connected/i.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await handle.dispose().catch(() => {});
      }
    }
  },
  async key({ key }) {
    await page.keyboard.press(key);
    return null;
  },
  async viewport({ width, height }) {
    await page.setViewport({ width, height });
    return null;
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
    return null;
  },
  async errors() {
    const seen = errors;
    errors = [];
    return seen;
  },
  async version() {
    return await browser.version();
  },
  async quit() {
    if (browser !== null) await browser.close();
    browser = null;
    return null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  let op = null;
  try {
    const command = JSON.parse(line);
    op = command.op;
    if (!(op in ops)) throw new Error(`unknown op ${op}`);
    answer = { ok: true, value: (await ops[op](command)) ?? null };
  } catch (error) {
    answer = { ok: false, error: String(error?.stack ?? error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  if (op === "quit") break;
}
if (browser !== null) await browser.close();
process.exit(0);
