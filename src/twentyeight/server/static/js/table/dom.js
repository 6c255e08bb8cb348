// Small helpers for the page: find an element, build one, and the three ways the table speaks
// to people: the screen reader's live regions (`say`), the table-talk log and the notice line.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

export function say(text, urgent = false) {
  const region = urgent ? $("live-urgent") : $("live");
  const line = el("p", { text });
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

export function log(text, cls = "") {
  const list = $("log");
  list.append(el("li", { text, class: cls }));
  while (list.childElementCount > 80) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

export function notice(text, kind = "refused") {
  const box = $("notice");
  box.hidden = !text;
  box.className = `notice ${kind}`;
  box.textContent = text || "";
}
