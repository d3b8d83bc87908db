// The page: menus, the picture, the legal actions and the notation box. All rules, bots and
// pictures come from the wordgames library running in worker.js (Pyodide); this file only
// sends what the person typed or clicked and shows the answers.

const NAMES = { regenwormen: "Regenwormen", wocable: "Wocable", wommeln: "Wömmeln", wordmeld: "WordMeld" };
const SHOWN = 60; // legal actions shown as buttons (the notation box filters them)

const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js", { type: "module" });
const pending = new Map();
let nextId = 1;
let current = null; // the last answer for the person's game (or the bot game)
let busy = false;

// what the browser test reads: boot marks, and when each game first showed its legal actions
window.wg = { marks: null, firstLegal: {}, answers: 0 };

function call(fn, ...args) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, fn, args });
  });
}

worker.onmessage = (event) => {
  const msg = event.data;
  if (msg.id === undefined) return booted(msg);
  const resolve = pending.get(msg.id);
  pending.delete(msg.id);
  resolve(msg.error ? { error: msg.error, message: msg.message } : JSON.parse(msg.result));
};

worker.onerror = (event) => {
  const failure = { error: "worker_failed", message: event.message || "the Python worker stopped" };
  for (const resolve of pending.values()) resolve(failure); // no request waits forever
  pending.clear();
  showError(failure);
  $("status").textContent = "The Python worker failed; reload the page.";
};

function booted(msg) {
  if (!msg.ready) {
    showError(msg);
    $("status").textContent = "Python could not start.";
    return;
  }
  window.wg.marks = { ...msg.marks, page_ms: Math.round(performance.now()) };
  $("version").textContent = `wordgames ${msg.info.version} on Pyodide (${msg.wheels.join(", ")})`;
  for (const game of Object.keys(msg.info.games)) {
    $("game").add(new Option(NAMES[game] || game, game));
  }
  const fillBots = () => {
    $("bot").replaceChildren(...msg.info.games[$("game").value].map((b) => new Option(b, b)));
  };
  $("game").onchange = fillBots;
  fillBots();
  const m = window.wg.marks;
  $("status").textContent = `Ready: Python started in ${(m.page_ms / 1000).toFixed(1)} s. Pick a game and a seed.`;
  $("status").dataset.ready = "1";
  $("timings").textContent =
    `worker: Pyodide ${m.pyodide} ms, wheels unpacked ${m.wheels} ms, webgame imported ${m.import} ms;` +
    ` page ready ${m.page_ms} ms after load`;
  setBusy(false);
}

function setBusy(value) {
  busy = value;
  for (const id of ["new", "bots"]) $(id).disabled = value;
  $("analyze").disabled = value || !(current && current.record);
  const canAct = !value && current && current.your_turn;
  $("move").disabled = $("play").disabled = !canAct;
  for (const b of $("legal").querySelectorAll("button")) b.disabled = !canAct;
  document.body.dataset.busy = value ? "1" : "0";
}

function showError(answer) {
  $("error-code").textContent = answer.error;
  $("error-message").textContent = answer.message || "";
  $("error").hidden = false;
  $("error").dataset.code = answer.error;
}

function clearError() {
  $("error").hidden = true;
  delete $("error").dataset.code;
}

// one call to Python: a refusal shows its code and changes nothing; `show` renders an answer
async function request(fn, args, show) {
  if (busy) return;
  setBusy(true);
  $("status").textContent = fn === "act" ? "The bot is thinking ..." : "Working ...";
  const started = performance.now();
  try {
    const answer = await call(fn, ...args);
    if (answer.error) {
      showError(answer); // a refusal or a bug: the game on the page stays as it was
      $("status").textContent = "Refused; the game is as it was.";
    } else {
      clearError();
      answer.round_trip_ms = Math.round(performance.now() - started);
      window.wg.last = answer;
      show(answer);
    }
  } catch (err) {
    showError({ error: "page_error", message: String(err) });
  } finally {
    setBusy(false);
    window.wg.answers += 1; // the browser test waits for this
  }
}

function renderLegal() {
  const list = $("legal");
  const legal = current && current.legal ? current.legal : [];
  const filter = $("move").value.trim().toLowerCase();
  const matching = filter ? legal.filter((a) => a.text.toLowerCase().includes(filter)) : legal;
  list.replaceChildren(
    ...matching.slice(0, SHOWN).map((a) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = a.label;
      b.dataset.action = a.text;
      b.onclick = () => play(a.text);
      li.append(b);
      return li;
    }),
  );
  let info = "";
  if (current && current.your_turn) {
    info = `${current.legal_total} legal actions`;
    if (current.legal.length < current.legal_total) info += ` (${current.legal.length} listed)`;
    if (matching.length > SHOWN) info += `; ${matching.length - SHOWN} more match: type to narrow them`;
    if (filter && !matching.length) info += "; none of those listed matches what is typed";
    info += ". Click one or type any action and press Play.";
  } else if (current && !current.outcome) {
    info = "Waiting for the other player.";
  }
  $("legal-info").textContent = info;
  setBusy(busy);
}

// runs of the same line (a bot's hidden draws) as one line with a count
function condensed(lines) {
  const out = [];
  for (const text of lines) {
    const last = out.at(-1);
    if (last && last.text === text) last.n += 1;
    else out.push({ text, n: 1 });
  }
  return out.map(({ text, n }) => (n > 1 ? `${text} (${n} times)` : text));
}

function render(answer) {
  current = answer;
  $("picture").innerHTML = answer.svg; // drawn by the library, for the person's own view
  $("picture").dataset.game = answer.game;
  $("move").value = "";
  renderLegal();
  const o = answer.outcome;
  $("outcome").textContent = o
    ? `${o.reason}: scores ${o.scores.join(" : ")}; won by ${o.winners.map((p) => answer.players[p]).join(", ")}`
    : "the game is on";
  $("outcome").dataset.over = o ? "1" : "0";
  $("log").replaceChildren(
    ...condensed(answer.log || []).map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }),
  );
  $("log").scrollTop = $("log").scrollHeight;
  $("record").value = answer.record || "";
  $("analysis").hidden = true;
}

function showAnalysis(answer) {
  $("analysis").hidden = false;
  $("analysis").dataset.game = answer.game;
  $("analysis-picture").innerHTML = answer.svg; // drawn by the library
  $("analysis-info").textContent = `(${answer.rows.length} decisions, computed in the page in ${answer.ms} ms)`;
  $("analysis-summaries").replaceChildren(
    ...[...answer.summaries, ...answer.notes.map((n) => `note: ${n}`)].map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }),
  );
  $("analysis-table").tBodies[0].replaceChildren(
    ...answer.rows.map((r) => {
      const tr = document.createElement("tr");
      tr.className = r.grade;
      const grade = r.grade === "none" ? "" : r.grade;
      for (const text of [r.turn, r.player, r.played, r.best, r.loss, r.note ? `${grade} (${r.note})` : grade]) {
        const td = document.createElement("td");
        td.textContent = String(text);
        tr.append(td);
      }
      return tr;
    }),
  );
}

$("analyze").onclick = () => {
  if (!current || !current.record) return;
  request("analyze_game", [current.record], (answer) => {
    showAnalysis(answer);
    $("status").textContent = `Analysed ${answer.rows.length} decisions in ${answer.ms} ms.`;
  });
};

function play(text) {
  if (!current || !current.your_turn) return;
  request("act", [text, current.ply], (answer) => {
    render(answer);
    const bot = answer.bot_ms.length ? `; the bot's moves took ${answer.bot_ms.join(", ")} ms` : "";
    $("status").textContent = answer.outcome ? "Game over." : `Your turn (ply ${answer.ply})${bot}.`;
  });
}

$("new").onclick = () => {
  const game = $("game").value;
  request("new_game", [game, $("seed").value, $("bot").value], (answer) => {
    render(answer);
    if (!(game in window.wg.firstLegal)) window.wg.firstLegal[game] = Math.round(performance.now());
    $("status").textContent =
      `${NAMES[game]}, seed ${answer.seed}, against ${answer.bot}: started in ${answer.start_ms} ms` +
      ` (legal_actions ${answer.legal_ms} ms). ` +
      (answer.your_turn ? "Your turn." : "");
  });
};

$("bots").onclick = () => {
  const game = $("game").value;
  request("bot_game", [game, $("seed").value, $("bot").value], (answer) => {
    render({ ...answer, your_turn: false, legal: [], log: [] });
    $("status").textContent =
      `${NAMES[game]}, seed ${answer.seed}: two ${answer.bot}s played ${answer.actions} actions` +
      ` in ${answer.ms} ms.`;
  });
};

$("move-form").onsubmit = (event) => {
  event.preventDefault();
  const text = $("move").value;
  if (text.trim()) play(text);
};

$("move").oninput = renderLegal;
