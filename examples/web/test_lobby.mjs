// The app server's lobby (examples/app_lobby.html) in a real browser: two players in two
// browser contexts (Debian's Chromium, headless, driven by playwright-core).
//
//   PYTHON=.venv/bin/python node examples/web/test_lobby.mjs
//
// Starts examples/app_server.py on a fresh SQLite file and a free port of 127.0.0.1. Alice
// enters her name and creates a Wocable room; the page shows its invite link; Bob, in another
// context (another browser, so another player), opens the link, enters his name and gets the
// second seat; the game starts, each sees the board (the library's SVG of their own view),
// they play the best listed move each by clicking, then both pass until the game ends (four
// passes in a row); both pages show the outcome, the ratings and the leaderboard. A refused
// move (a chance outcome typed by a player) shows its error code. Screenshots go to SHOTS
// (default /tmp/wordgames-lobby). Every request must go to 127.0.0.1. Closes with
// "lobby: N passed, N failed" and exits non-zero on any failure.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const HERE = dirname(fileURLToPath(import.meta.url));
const PYTHON = process.env.PYTHON || "python3";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.SHOTS || "/tmp/wordgames-lobby";
const FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
const STEP = 30_000;

let passed = 0;
let failed = 0;
function check(cond, what) {
  if (cond) passed += 1;
  else {
    failed += 1;
    console.error(`FAIL: ${what}`);
  }
}

function startServer() {
  const db = join(mkdtempSync(join(tmpdir(), "lobby-")), "app.sqlite3");
  const proc = spawn(PYTHON, [join(HERE, "..", "app_server.py"), "--db", db, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on("data", (chunk) => {
      const m = /lobby: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(String(chunk));
      if (m) resolve([proc, m[1]]);
    });
    proc.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function newPlayer(browser, name, url) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1300 } });
  await context.route("**/*", (route) => {
    const host = new URL(route.request().url()).hostname;
    check(host === "127.0.0.1", `request to 127.0.0.1 only (${route.request().url()})`);
    return host === "127.0.0.1" ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP);
  page.on("pageerror", (err) => check(false, `${name}'s page error: ${err}`));
  await page.goto(url);
  await page.fill("#name", name);
  await page.click("#register");
  await page.waitForFunction(() => document.getElementById("me").textContent !== "");
  return { name, page };
}

async function myTurn(player) {
  const { page } = player;
  return page.evaluate(() => {
    const row = document.getElementById("move-row");
    return !row.classList.contains("hidden") && !document.getElementById("play").disabled
      && document.getElementById("actions").options.length > 0;
  });
}

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const [server, lobby] = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const alice = await newPlayer(browser, "alice", lobby);
    await alice.page.waitForSelector("#lobby:not(.hidden)");
    await alice.page.selectOption("#game", "wocable");
    await alice.page.click("#create");
    await alice.page.waitForFunction(() => document.getElementById("invite-link").value.includes("invite="));
    const link = await alice.page.inputValue("#invite-link");
    check(link.startsWith(lobby), `the invite link is on the lobby (${link})`);
    check((await alice.page.textContent("#status")) === "open", "the room waits for a second player");
    await alice.page.click("#copy");
    await alice.page.screenshot({ path: join(SHOTS, "1-alice-room.png") });

    const bob = await newPlayer(browser, "bob", link);
    await bob.page.waitForSelector("#room:not(.hidden)");
    for (const p of [alice, bob]) {
      await p.page.waitForFunction(() => document.getElementById("status").textContent === "playing");
      await p.page.waitForSelector("#board svg");
    }
    const seats = await bob.page.textContent("#seat-list");
    check(seats.includes("alice") && seats.includes("bob (you)"), `bob has the second seat (${seats})`);
    await bob.page.screenshot({ path: join(SHOTS, "2-bob-joined.png") });

    // a chance outcome typed by a player is refused with its code
    const first = (await myTurn(alice)) ? alice : bob;
    await first.page.fill("#move", "draw Z");
    await first.page.click("#play");
    await first.page.waitForFunction(() => document.getElementById("error").textContent.includes("chance_outcome_from_player"));
    check(true, "a chance outcome from a player is refused");

    let moves = 0;
    const end = Date.now() + 120_000;
    while (Date.now() < end) {
      const over = await alice.page.evaluate(() => document.getElementById("outcome").textContent.startsWith("Game over"));
      if (over) break;
      for (const p of [alice, bob]) {
        if (!(await myTurn(p))) continue;
        if (moves < 2) {
          await p.page.selectOption("#actions", { index: 0 });
        } else {
          await p.page.fill("#move", "pass");
        }
        await p.page.click("#play");
        moves += 1;
        await p.page.waitForTimeout(200);
      }
      await alice.page.waitForTimeout(300);
    }
    check(moves >= 6, `both played to the end (${moves} moves)`);
    for (const p of [alice, bob]) {
      await p.page.waitForFunction(() => document.getElementById("outcome").textContent.startsWith("Game over"));
      const outcome = await p.page.textContent("#outcome");
      check(outcome.includes("passes") && outcome.includes("ratings"), `${p.name} sees the outcome and ratings (${outcome})`);
      await p.page.waitForFunction(() => document.querySelectorAll("#leaderboard tbody tr").length === 2);
      const board = await p.page.textContent("#leaderboard");
      check(board.includes("alice") && board.includes("bob"), `${p.name} sees both on the leaderboard`);
      await p.page.screenshot({ path: join(SHOTS, `3-${p.name}-over.png`) });
    }
  } finally {
    await browser.close();
    server.kill();
  }
  console.log(`screenshots in ${SHOTS}`);
  console.log(`lobby: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log(`lobby: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
