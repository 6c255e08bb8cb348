// What "nothing covers it" means, measured in the page (tests/browser/geometry.py).
() => {
  const W = innerWidth, H = innerHeight, out = [];
  const who = (el) => el ? (el.id ? `#${el.id}` : '') + (el.className && el.className.baseVal === undefined
    ? `.${String(el.className).trim().split(/\s+/).join('.')}` : el.tagName.toLowerCase()) : 'nothing';
  const name = (el) => (el.getAttribute('aria-label') || el.dataset.card || el.textContent || '').trim().slice(0, 40);
  const owner = (el, x, y) => { const h = document.elementFromPoint(x, y); return [h, !!h && (h === el || el.contains(h))]; };
  const inView = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const box = (el) => el.getBoundingClientRect();
  // every point of a grid over the element (20%..80%) hits the element: nothing covers it
  function whole(el, what) {
    const r = box(el);
    if (r.width < 1 || r.height < 1) { out.push(`${what} "${name(el)}" is not shown`); return; }
    if (!inView(r)) { out.push(`${what} "${name(el)}" is off the screen: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`); return; }
    for (const fx of [0.2, 0.35, 0.5, 0.65, 0.8]) for (const fy of [0.2, 0.5, 0.8]) {
      const [h, ok] = owner(el, r.left + fx * r.width, r.top + fy * r.height);
      if (!ok) { out.push(`${what} "${name(el)}" is covered by ${who(h)} at ${Math.round(fx * 100)}%,${Math.round(fy * 100)}%`); return; }
    }
  }
  // a card of the hand: in view, and a strip of it at least `min` px wide can be clicked
  function clickable(el, what, min) {
    const r = box(el);
    if (!inView(r)) { out.push(`${what} "${name(el)}" is off the screen: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`); return; }
    let best = 0, run = 0;
    for (let x = r.left + 1; x < r.right - 1; x += 2) {
      run = owner(el, x, r.top + r.height * 0.45)[1] ? run + 2 : 0;
      best = Math.max(best, run);
    }
    if (best < min) out.push(`${what} "${name(el)}" can be clicked on only ${best}px`);
  }
  document.querySelectorAll('#hand .card').forEach((c) => clickable(c, 'card', 18));
  document.querySelectorAll('#seats .plate').forEach((p) => whole(p, 'plate'));
  // what a plate says (its call, the turn) lies inside the plate, whole
  document.querySelectorAll('#seats .plate .plate-call, #seats .plate .turn-tag').forEach((b) => {
    const r = box(b), p = box(b.closest('.plate'));
    if (r.left < p.left - 0.5 || r.right > p.right + 0.5 || r.top < p.top - 0.5 || r.bottom > p.bottom + 0.5
        || b.scrollWidth > b.clientWidth + 1) out.push(`"${name(b)}" is cut by its plate`);
  });
  document.querySelectorAll('#actions button').forEach((b) => whole(b, 'button'));
  // a card of the trick: nothing but a later card of the trick may lie on it, and its
  // index (the top-left corner: rank and suit) is always in view
  document.querySelectorAll('#center .tcard').forEach((c) => {
    const r = box(c);
    if (!inView(r)) { out.push(`trick card "${name(c)}" is off the screen`); return; }
    for (const fx of [0.2, 0.5, 0.8]) for (const fy of [0.2, 0.5, 0.8]) {
      const [h, ok] = owner(c, r.left + fx * r.width, r.top + fy * r.height);
      if (!ok && !(h && h.closest('#center .tcard'))) {
        out.push(`trick card "${name(c)}" is covered by ${who(h)}`); return;
      }
    }
    if (!owner(c, r.left + 0.16 * r.width, r.top + 0.16 * r.height)[1]) {
      out.push(`trick card "${name(c)}" has its index covered`);
    }
  });
  // and it lies on its player's side: seen from the point the trick lies round (the felt's
  // middle, or the compact ring's: layout.js's data-middle), nearer (in angle) its player's
  // plate than any other plate
  const felt = document.getElementById('felt');
  if (felt && felt.dataset.middle && felt.getClientRects().length) {
    const f = box(felt), [x0, y0] = felt.dataset.middle.split(',').map(Number);
    const angle = (r) => Math.atan2(r.top + r.height / 2 - f.top - y0, r.left + r.width / 2 - f.left - x0);
    const apart = (a, b) => { const d = Math.abs(a - b); return Math.min(d, 2 * Math.PI - d); };
    const plates = [...document.querySelectorAll('#seats .plate')].map((p) => [p.dataset.seat, angle(box(p))]);
    document.querySelectorAll('#center .tcard').forEach((c) => {
      const a = angle(box(c)), own = plates.find(([seat]) => seat === c.dataset.seat);
      if (own && plates.some(([seat, b]) => seat !== own[0] && apart(a, b) <= apart(a, own[1]))) {
        out.push(`trick card "${name(c)}" lies nearer another seat's plate than its player's`);
      }
    });
  }
  document.querySelectorAll('#chips .chip').forEach((c) => whole(c, 'chip'));
  // the auction's card in the middle says all it holds: nothing cut off
  document.querySelectorAll('#center .auction-card').forEach((c) => {
    whole(c, 'auction card');
    if (c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1) {
      out.push(`the auction card is cut: ${c.scrollWidth}×${c.scrollHeight} in ${c.clientWidth}×${c.clientHeight}`);
    }
  });
  document.querySelectorAll('#scoreboard .score').forEach((c) => whole(c, 'score'));
  // a side's names are shown whole, cut with room to read, or not at all: never a sliver
  // (a side named short, "Indira", may be cut a little nearer: "Ind…")
  document.querySelectorAll('#scoreboard .score-names').forEach((n) => {
    const em = parseFloat(getComputedStyle(n).fontSize);
    const least = n.textContent === n.dataset.short ? 2.4 : 2.5;
    if (n.getClientRects().length && n.scrollWidth > n.clientWidth + 1 && n.clientWidth < least * em) {
      out.push(`the side's names "${n.textContent}" are cut to ${n.clientWidth}px`);
    }
  });
  for (const id of ['prompt', 'banner', 'lang', 'mute', 'details-btn']) {
    const el = document.getElementById(id);
    if (el && el.getClientRects().length) whole(el, id);
  }
  if (document.documentElement.scrollWidth > W + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${W})`);
  const prompt = document.getElementById('prompt');
  if (!prompt.textContent.trim()) out.push('the prompt is empty');
  return out;
}
