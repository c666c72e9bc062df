// The club page: one server-sent event stream of the board, one card a table with its game,
// players and scores, whose turn or who won, and whether the board is in step with it.
"use strict";

const WORDS = {
  en: {
    title: "Club board", tables: "{n} tables on {b}", one: "1 table on {b}", none: "No table has published on {b} yet",
    broker_down: "waiting for the broker at {b}", live: "live", down: "reconnecting…", connecting: "connecting…",
    rows: "{n} rows", offline: "offline", behind: "catching up",
  },
  ru: {
    title: "Клуб", tables: "столов на {b}: {n}", one: "столов на {b}: 1", none: "На {b} ещё ни один стол не публиковал",
    broker_down: "ждём брокер {b}", live: "в эфире", down: "переподключение…", connecting: "подключение…",
    rows: "строк: {n}", offline: "не в сети", behind: "догоняет",
  },
};

const params = new URLSearchParams(location.search);
let lang = params.get("lang") || localStorage.getItem("lang") ||
  ((navigator.language || "").startsWith("ru") ? "ru" : "en");
let latest = null;
let connected = null;
let updates = 0;

const $ = (id) => document.getElementById(id);
const w = (key, values = {}) => WORDS[lang][key].replace(/\{(\w)\}/g, (_, k) => String(values[k] ?? ""));
const el = (tag, cls, text) => {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
};

function winners(t) {
  return Array.isArray(t.winner) ? t.winner : t.winner ? [t.winner] : [];
}

function card(t) {
  const box = el("article", "table-card");
  box.dataset.table = t.table;
  if (t.over) box.classList.add("over");
  if (t.status === "offline") box.classList.add("offline");
  const head = el("div", "table-head");
  head.append(el("span", "table-id", t.table), el("span", "game", t.title[lang]));
  box.append(head);
  const seats = el("ol", "table-seats");
  const won = winners(t);
  for (const player of t.players) {
    const seat = el("li", "table-seat");
    seat.dataset.player = player;
    if (!t.over && player === t.turn) seat.classList.add("turn-now");
    if (t.over && won.includes(player)) seat.classList.add("winner");
    seat.append(el("span", "name", player), el("span", "score", String(t.scores[player] ?? "")));
    seats.append(seat);
  }
  box.append(seats);
  const foot = el("div", "table-foot");
  foot.append(el("span", "state", t.state[lang]));
  const notes = [w("rows", { n: t.seq })];
  if (!t.in_step) notes.push(w("behind"));
  foot.append(el("span", "rows", notes.join(" · ")));
  box.append(foot);
  return box;
}

function draw() {
  document.documentElement.lang = lang;
  $("lang").textContent = lang === "ru" ? "EN" : "RU";
  $("title").textContent = w("title");
  document.title = w("title");
  $("link").textContent = w(connected === null ? "connecting" : connected ? "live" : "down");
  $("link").className = connected ? "link" : "link down";
  if (!latest) return;
  const s = latest;
  const n = s.tables.length;
  $("summary").textContent = !s.connected ? w("broker_down", { b: s.broker })
    : n === 0 ? w("none", { b: s.broker }) : n === 1 ? w("one", { b: s.broker }) : w("tables", { n, b: s.broker });
  $("tables").replaceChildren(...s.tables.map(card));
  document.body.dataset.updates = String(updates);
}

$("lang").addEventListener("click", () => {
  lang = lang === "ru" ? "en" : "ru";
  localStorage.setItem("lang", lang);
  draw();
});

function connect() {
  const stream = new EventSource("/events");
  stream.onopen = () => { connected = true; draw(); };
  stream.onmessage = (message) => {
    connected = true;
    latest = JSON.parse(message.data);
    updates += 1;
    draw();
  };
  stream.onerror = () => { connected = false; draw(); };
}

draw();
connect();
