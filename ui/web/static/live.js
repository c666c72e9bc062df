// The live page: one server-sent event stream of snapshots, drawn as the audience display
// draws them.  Spectators only read; the operator's PIN (kept for this tab only) unlocks
// confirm and undo, which the server checks again on every request.
"use strict";

const WORDS = {
  en: {
    to_play: "{p} to play", winner: "{p} wins", winners: "Shared win: {p}", over: "Game over",
    nobody: "waiting for the next action", recent: "Last entries", none: "No entries yet",
    illegal: "NOT ALLOWED", foul: "FOUL", history: "History", operator: "Operator",
    confirm: "Confirm", confirm_oldest: "Confirm oldest", undo: "Undo last",
    pin: "Operator PIN", unlock: "Unlock", wrong: "Wrong PIN", locked: "Too many tries: wait a minute",
    live: "live", down: "reconnecting…", connecting: "connecting…", nothing: "Nothing waits for confirmation",
    throw: "throw {t}/{n}", throw_open: "throw {t}", sent: "sent",
  },
  ru: {
    to_play: "Ходит {p}", winner: "Победил {p}", winners: "Победа поровну: {p}", over: "Игра окончена",
    nobody: "ждём следующего действия", recent: "Последние записи", none: "Записей пока нет",
    illegal: "НЕЛЬЗЯ", foul: "ФОЛ", history: "История", operator: "Оператор",
    confirm: "Подтвердить", confirm_oldest: "Подтвердить первое", undo: "Отменить последнее",
    pin: "PIN оператора", unlock: "Открыть", wrong: "Неверный PIN", locked: "Слишком много попыток: подождите минуту",
    live: "в эфире", down: "переподключение…", connecting: "подключение…", nothing: "Нечего подтверждать",
    throw: "бросок {t}/{n}", throw_open: "бросок {t}", sent: "отправлено",
  },
};
const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
const BANNER_MS = 5000;

const params = new URLSearchParams(location.search);
let lang = params.get("lang") || localStorage.getItem("lang") ||
  ((navigator.language || "").startsWith("ru") ? "ru" : "en");
let pin = sessionStorage.getItem("pin");
let latest = null;
let bannerSeq = null;
let bannerTimer = null;
let connected = null; // null until the stream first opens

const $ = (id) => document.getElementById(id);
const w = (key, values = {}) =>
  WORDS[lang][key].replace(/\{(\w)\}/g, (_, k) => String(values[k] ?? ""));
const el = (tag, cls, text) => {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
};

function turnLine(s) {
  if (s.over) {
    if (Array.isArray(s.winner)) return w("winners", { p: s.winner.join(", ") });
    return s.winner ? w("winner", { p: s.winner }) : w("over");
  }
  return s.turn ? w("to_play", { p: s.turn }) : w("nobody");
}

function drawScores(s) {
  const box = $("scores");
  box.replaceChildren();
  for (const player of s.players) {
    const seat = el("div", "seat");
    seat.dataset.player = player;
    if (player === s.turn && !s.over) seat.classList.add("turn-now");
    seat.append(el("span", "name", player), el("span", "score", String(s.scores[player] ?? "")));
    box.append(seat);
  }
}

function drawDice(s) {
  const box = $("dice");
  box.replaceChildren();
  const dice = s.dice || [];
  const kept = [...(s.kept || [])];
  box.hidden = dice.length === 0 && kept.length === 0;
  for (const face of dice) {
    const at = kept.indexOf(face);
    const die = el("span", "die", FACES[face] || String(face));
    die.title = String(face);
    if (at >= 0) { die.classList.add("kept"); kept.splice(at, 1); }
    box.append(die);
  }
  if (s.throw) {
    const text = s.throws ? w("throw", { t: s.throw, n: s.throws }) : w("throw_open", { t: s.throw });
    box.append(el("span", "throw", text));
  }
}

function drawBanner(s) {
  const banner = $("banner");
  const b = s.banner;
  if (b && b.seq !== bannerSeq) {
    bannerSeq = b.seq;
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(() => { banner.hidden = true; }, BANNER_MS);
    banner.hidden = false;
  } else if (!b && s.seq !== bannerSeq) {
    banner.hidden = true;
  }
  if (b && !banner.hidden) {
    banner.className = "banner " + b.kind;
    banner.textContent = w(b.kind) + ": " + b[lang].join("\n");
  }
}

function drawEntries(s) {
  $("recent").textContent = s.entries.length ? w("recent") : w("none");
  $("entries").replaceChildren(...s.entries.map((e) => el("li", "", e[lang])));
}

function drawSheet(s) {
  const table = $("sheet");
  const head = el("thead");
  const top = el("tr");
  top.append(el("th", "", ""));
  for (const c of s.sheet.columns) top.append(el("th", "", c));
  head.append(top);
  const body = el("tbody");
  for (const row of s.sheet.rows) {
    const tr = el("tr", row.kind);
    tr.dataset.key = row.key;
    tr.append(el("th", "", row[lang]));
    for (const c of s.sheet.columns) {
      const v = row.cells[c];
      tr.append(el("td", "", v === null || v === undefined ? "" : String(v)));
    }
    body.append(tr);
  }
  table.replaceChildren(head, body);
}

function drawOperator(s) {
  const panel = $("operator");
  panel.hidden = !pin;
  $("unlock").hidden = !!pin;
  if (!pin) return;
  $("operator-title").textContent = w("operator");
  const list = $("pending");
  list.replaceChildren();
  for (const held of s.pending) {
    const item = el("li");
    item.append(el("span", "", `#${held.id} ${held[lang]} (${held.why})`));
    const button = el("button", "", w("confirm"));
    button.type = "button";
    button.onclick = () => act("/api/confirm", { pending: held.id });
    item.append(button);
    list.append(item);
  }
  if (!s.pending.length) list.append(el("li", "note", w("nothing")));
  $("confirm").textContent = w("confirm_oldest");
  $("confirm").disabled = !s.pending.length;
  $("undo").textContent = w("undo");
  if (s.notice) $("operator-note").textContent = s.notice;
}

function draw() {
  document.documentElement.lang = lang;
  $("lang").textContent = lang === "ru" ? "EN" : "RU";
  $("history").textContent = w("history");
  $("history").href = "/history?lang=" + lang;
  $("pin-label").textContent = w("pin");
  $("unlock-button").textContent = w("unlock");
  $("link").textContent = w(connected === null ? "connecting" : connected ? "live" : "down");
  $("link").className = connected ? "link" : "link down";
  if (!latest) return;
  const s = latest;
  $("title").textContent = s.title[lang];
  document.title = s.title[lang];
  $("turn").textContent = turnLine(s);
  document.body.dataset.seq = String(s.seq);
  drawScores(s);
  drawDice(s);
  drawPicture($("picture"), s.picture ? s.picture[lang] : null);
  drawBanner(s);
  drawEntries(s);
  drawSheet(s);
  drawOperator(s);
  document.body.dataset.drawn = String(s.seq); // everything of this snapshot is on the page
}

async function act(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-operator-pin": pin || "" },
    body: JSON.stringify(body || {}),
  });
  const note = $("operator-note");
  if (response.status === 403 || response.status === 429) {
    pin = null;
    sessionStorage.removeItem("pin");
    $("unlock-note").textContent = w(response.status === 429 ? "locked" : "wrong");
    draw();
    return;
  }
  note.textContent = response.ok ? w("sent") : (await response.json()).error || String(response.status);
}

$("unlock").addEventListener("submit", async (event) => {
  event.preventDefault();
  const given = $("pin").value.trim();
  const response = await fetch("/api/operator", { method: "POST", headers: { "x-operator-pin": given } });
  if (response.ok) {
    pin = given;
    sessionStorage.setItem("pin", pin);
    $("unlock-note").textContent = "";
    $("pin").value = "";
  } else {
    $("unlock-note").textContent = w(response.status === 429 ? "locked" : "wrong");
  }
  draw();
});
$("confirm").addEventListener("click", () => act("/api/confirm", {}));
$("undo").addEventListener("click", () => act("/api/undo", {}));
$("lang").addEventListener("click", () => {
  lang = lang === "ru" ? "en" : "ru";
  localStorage.setItem("lang", lang);
  draw();
});

function connect() {
  const stream = new EventSource("/events");
  stream.onopen = () => { connected = true; draw(); };
  stream.onmessage = (message) => { connected = true; latest = JSON.parse(message.data); draw(); };
  stream.onerror = () => { connected = false; draw(); };
}

draw();
connect();
