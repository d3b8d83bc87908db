// The page in a real browser: Debian's Chromium, headless, driven by playwright-core.
//
//   PYTHON=.venv/bin/python node examples/web/test_page.mjs [--wheel dist/wordgames-*.whl]
//
// Starts serve.py on a free port of 127.0.0.1, then for each game, in a freshly loaded page:
// waits for Python to start, starts a game with a seed through the page's controls, checks the
// picture (the library's SVG of the person's view), plays moves by clicking listed actions and
// by typing one in the notation box, checks that refused actions show their error code and
// change nothing (a typo, a chance outcome or a move for the bot's seat typed by the person,
// an action against the rules, a bad seed), checks the game so far against CPython running
// the same webgame.py with the same seed and actions, plays a seeded bot-vs-bot game with
// the page's button and compares its record and final picture with the same seed in CPython,
// clicks "Analyze" and compares the analysis computed in the page with CPython's,
// and takes screenshots (SHOTS, default /tmp/wordgames-web).
// Every request the page makes must go to 127.0.0.1. Prints the figures and closes with
// "browser: N passed, N failed"; exits non-zero on any failure.
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const HERE = dirname(fileURLToPath(import.meta.url));
const PYTHON = process.env.PYTHON || "python3";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.SHOTS || "/tmp/wordgames-web";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const BOOT_TIMEOUT = 180_000; // Pyodide's start on a loaded 2-core machine
const STEP_TIMEOUT = 120_000;
// a chance outcome in each game's notation: a player may never choose one
const CHANCE_TEXT = {
  regenwormen: "roll w w w w w w w w",
  wocable: "draw Z",
  wommeln: "reveal 1a",
  wordmeld: "draw 0",
};
// an action that parses but breaks the game's rules at the start of the person's first turn
const AGAINST_RULES = {
  regenwormen: ["take 21", "must_set_aside"],
  wocable: ["8H QQQQ", "tiles_not_on_rack"],
  wommeln: ["p0 place QQQ A1-A2-A3", "letter_mismatch"],
  wordmeld: ["discard 107", "wrong_phase"],
};
const TITLES = { regenwormen: "Regenwormen", wocable: "Wocable", wommeln: "Wömmeln", wordmeld: "WordMeld" };
const SEEDS = { regenwormen: 11, wocable: 7, wommeln: 5, wordmeld: 3 };

let passed = 0;
let failed = 0;
const figures = { games: {} };

function check(cond, what) {
  if (cond) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAIL: ${what}`);
  }
  return cond;
}

function startServer() {
  const args = [join(HERE, "serve.py"), "--port", "0", ...process.argv.slice(2)];
  const server = spawn(PYTHON, args, { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/serving on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) resolve({ server, base: m[1] });
    });
    server.on("exit", (code) => reject(new Error(`serve.py exited with ${code}`)));
  });
}

function cpython(...args) {
  const out = execFileSync(PYTHON, [join(HERE, "webgame.py"), ...args.map(String)]);
  return JSON.parse(out.toString());
}

function wordgamesRecord(text) {
  const record = JSON.parse(text);
  return record.kind === "record" && Array.isArray(record.actions) && record.actions.at(-1) === "resign 0";
}

// an answer without its timings (they differ between runs and runtimes)
const untimed = (answer) => JSON.stringify(Object.fromEntries(Object.entries(answer).filter(([k]) => !k.endsWith("_ms"))));

// the answer count goes up once per request the page makes to Python
async function answered(page, before) {
  await page.waitForFunction((n) => window.wg.answers > n, before, { timeout: STEP_TIMEOUT });
}

async function answers(page) {
  return page.evaluate(() => window.wg.answers);
}

async function submitText(page, text) {
  const before = await answers(page);
  await page.fill("#move", text);
  await page.click("#play");
  await answered(page, before);
}

async function lastAnswer(page) {
  return page.evaluate(() => window.wg.last);
}

async function testGame(browser, base, game) {
  const seed = SEEDS[game];
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const outside = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== "127.0.0.1") {
      outside.push(url.href);
      return route.abort();
    }
    return route.continue();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  const files = {};
  context.on("response", (response) => {
    // serve.py sends every file whole, with its length (the worker's fetches are seen too)
    const size = Number(response.headers()["content-length"] || 0);
    files[new URL(response.url()).pathname] = size;
  });
  const fig = (figures.games[game] = {});

  await page.goto(base, { waitUntil: "load" });
  await page.waitForSelector('#status[data-ready="1"]', { timeout: BOOT_TIMEOUT });
  fig.ready_ms = (await page.evaluate(() => window.wg.marks)).page_ms;

  // a new game with a seed, through the menus
  await page.selectOption("#game", game);
  await page.fill("#seed", String(seed));
  let before = await answers(page);
  await page.click("#new");
  await answered(page, before);
  fig.first_legal_ms = await page.evaluate((g) => window.wg.firstLegal[g], game);
  let answer = await lastAnswer(page);
  check(answer && !answer.error && answer.your_turn, `${game}: the new game waits for the person`);
  fig.legal_ms_cold = answer.legal_ms;
  fig.legal_total = answer.legal_total;
  const svg = await page.$("#picture svg");
  check(svg !== null, `${game}: the picture is an SVG`);
  const box = await svg.boundingBox();
  check(box && box.width > 300 && box.height > 150, `${game}: the picture has a size (${JSON.stringify(box)})`);
  const title = await page.$eval("#picture svg title", (t) => t.textContent).catch(() => "");
  check(title.includes(TITLES[game]), `${game}: the picture is titled ${TITLES[game]} (got ${title})`);
  const buttons = await page.$$("#legal button");
  check(buttons.length > 0, `${game}: legal actions are listed`);

  // refusals: each shows its code and changes nothing
  // (that nothing changed in Python either is checked below: the game played after these
  // refusals is the same as CPython's game with the accepted actions alone)
  const ply = answer.ply;
  const shownBefore = await page.$eval("#picture", (e) => e.innerHTML);
  for (const [text, code] of [
    ["\u0663H CAT", "parse_error"],
    ["no such move", "parse_error"],
    [CHANCE_TEXT[game], "chance_outcome_from_player"],
    ["resign 1", "not_your_turn"],
    AGAINST_RULES[game],
  ]) {
    await submitText(page, text);
    const shown = await page.$eval("#error", (e) => (e.hidden ? null : e.dataset.code));
    check(shown === code, `${game}: '${text}' shows ${code} (got ${shown})`);
    const text2 = await page.$eval("#error-code", (e) => e.textContent);
    check(text2 === code, `${game}: the error code is on the page`);
    const shownNow = await page.$eval("#picture", (e) => e.innerHTML);
    check(shownNow === shownBefore, `${game}: a refusal leaves the picture as it was`);
    check(await page.isEnabled("#play"), `${game}: the page still takes moves`);
  }
  await page.screenshot({ path: join(SHOTS, `${game}-refused.png`) });
  await page.fill("#seed", "twelve");
  before = await answers(page);
  await page.click("#new");
  await answered(page, before);
  check((await page.$eval("#error", (e) => e.dataset.code)) === "bad_seed", `${game}: a bad seed is refused`);
  check((await lastAnswer(page)).ply === ply, `${game}: a refused new game leaves the game on`);
  await page.fill("#seed", String(seed));

  // moves: clicked from the list, and one typed in the notation box
  const botMs = [];
  const played = [];
  let moves = 0;
  for (let i = 0; i < 4; i++) {
    answer = await lastAnswer(page);
    if (answer.outcome || !answer.your_turn) break;
    before = await answers(page);
    await page.fill("#move", ""); // a refused text stays in the box to be corrected
    const text = await page.$eval("#legal li:first-child button", (b) => b.dataset.action);
    if (i === 2) {
      await page.fill("#move", text); // typed: the list narrows to what is typed
      await page.click("#play");
    } else {
      await page.click("#legal li:first-child button");
    }
    played.push(text);
    await answered(page, before);
    const after = await lastAnswer(page);
    if (!check(after && !after.error && after.ply > answer.ply, `${game}: move ${i + 1} was played`)) break;
    check(!(await page.$eval("#error", (e) => !e.hidden)), `${game}: no error after a legal move`);
    botMs.push(...after.bot_ms);
    moves += 1;
  }
  // the same game in CPython: the same bot replies, view, legal actions, picture and log
  const same = cpython("session", game, seed, ...played);
  check(untimed(await lastAnswer(page)) === untimed(same), `${game}: the game so far is the same in CPython`);
  check(moves >= 2, `${game}: at least two moves through the page (${moves})`);
  fig.bot_ms = botMs;
  await page.screenshot({ path: join(SHOTS, `${game}.png`), fullPage: true });

  // resigning ends the game: the outcome and the whole record are shown, as in CPython
  await submitText(page, "resign 0");
  const over = await lastAnswer(page);
  check(over.outcome && over.outcome.reason, `${game}: resigning ended the game`);
  check((await page.$eval("#outcome", (e) => e.dataset.over)) === "1", `${game}: the outcome is shown`);
  const resigned = cpython("session", game, seed, ...played, "resign 0");
  check(untimed(over) === untimed(resigned), `${game}: the finished game is the same in CPython`);
  check((await page.$eval("#record", (t) => t.value)) === resigned.record, `${game}: its record is shown`);
  check(wordgamesRecord(resigned.record), `${game}: the record names the game and its actions`);

  // the same seeded bot game in the page and in CPython
  await page.fill("#seed", String(seed));
  before = await answers(page);
  await page.click("#bots");
  await answered(page, before);
  answer = await lastAnswer(page);
  const expected = cpython("record", game, seed);
  check(answer && !answer.error && answer.outcome, `${game}: the bot game ended`);
  check(answer.record === expected.record, `${game}: the bot game's record is the same as in CPython`);
  check(answer.svg === expected.svg, `${game}: its final picture is the same as in CPython`);
  check((await page.$eval("#record", (t) => t.value)) === expected.record, `${game}: the record is shown`);
  fig.bot_game_ms = answer.ms;
  fig.bot_game_actions = answer.actions;
  await page.screenshot({ path: join(SHOTS, `${game}-bots.png`), fullPage: true });

  // "Analyze": the bot game's analysis, computed in the page, is the same as in CPython
  check(await page.isEnabled("#analyze"), `${game}: a finished game can be analysed`);
  before = await answers(page);
  await page.click("#analyze");
  await answered(page, before);
  const analysed = await lastAnswer(page);
  const reference = cpython("analysis", game, seed);
  check(analysed && !analysed.error && analysed.rows.length > 0, `${game}: the analysis lists the decisions`);
  check(
    analysed && JSON.stringify(analysed.rows) === JSON.stringify(reference.rows),
    `${game}: the analysis's rows are the same as in CPython`,
  );
  check(analysed && analysed.svg === reference.svg, `${game}: the analysis's picture is the same as in CPython`);
  const shownRows = await page.$$eval("#analysis-table tbody tr", (rows) => rows.length);
  check(analysed && shownRows === analysed.rows.length, `${game}: the table shows every decision (${shownRows})`);
  const picture = await page.$("#analysis-picture svg");
  const pictureBox = picture ? await picture.boundingBox() : null;
  check(pictureBox && pictureBox.width > 300, `${game}: the analysis picture is shown`);
  check(!(await page.$eval("#analysis", (e) => e.hidden)), `${game}: the analysis section is shown`);
  fig.analysis_ms = analysed ? analysed.ms : null;
  await page.screenshot({ path: join(SHOTS, `${game}-analysis.png`), fullPage: true });

  check(outside.length === 0, `${game}: no request left 127.0.0.1 (${outside.slice(0, 3)})`);
  check(errors.length === 0, `${game}: no error in the page (${errors.slice(0, 3)})`);
  fig.download_bytes = Object.values(files).reduce((a, b) => a + b, 0);
  fig.files = files;
  await context.close();
}

// Wocable: the bot's moves in one page, cold (the first) and warm (the rest)
async function wocableMoves(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(base);
  await page.waitForSelector('#status[data-ready="1"]', { timeout: BOOT_TIMEOUT });
  await page.selectOption("#game", "wocable");
  await page.fill("#seed", "21");
  let before = await answers(page);
  await page.click("#new");
  await answered(page, before);
  const legal = [(await lastAnswer(page)).legal_ms];
  const bot = [];
  const act = [];
  for (let i = 0; i < 8; i++) {
    const answer = await lastAnswer(page);
    if (answer.outcome || !answer.your_turn) break;
    before = await answers(page);
    await page.click("#legal li:first-child button");
    await answered(page, before);
    const after = await lastAnswer(page);
    bot.push(...after.bot_ms);
    act.push(after.act_ms);
    legal.push(after.legal_ms);
  }
  await context.close();
  return { legal_ms: legal, bot_ms: bot, act_ms: act };
}

mkdirSync(SHOTS, { recursive: true });
const { server, base } = await startServer();
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  console.log(`Chromium ${browser.version()}, page at ${base}`);
  for (const game of ["regenwormen", "wocable", "wommeln", "wordmeld"]) {
    const started = Date.now();
    await testGame(browser, base, game);
    const f = figures.games[game];
    console.log(
      `${game.padEnd(12)} ready ${f.ready_ms} ms, first legal_actions ${f.first_legal_ms} ms after load` +
        ` (${f.legal_total} actions in ${f.legal_ms_cold} ms); bot moves ${f.bot_ms.join(" ")} ms;` +
        ` bot game ${f.bot_game_actions} actions in ${f.bot_game_ms} ms, analysed in ${f.analysis_ms} ms;` +
        ` ${f.download_bytes} bytes;` +
        ` ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  figures.wocable = await wocableMoves(browser, base);
  console.log(`wocable moves in one page: ${JSON.stringify(figures.wocable)}`);
} catch (err) {
  failed += 1;
  console.log(`FAIL: ${err.stack || err}`);
} finally {
  if (browser) await browser.close();
  server.kill();
}
writeFileSync(join(SHOTS, "figures.json"), JSON.stringify(figures, null, 2));
console.log(`screenshots and figures in ${SHOTS}`);
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
