// The table's sounds, synthesised with Web Audio (no sound files): a card laid down, your
// turn, a trick won, a refusal.  A mute switch, remembered.  Browsers start audio only
// after a gesture, so the context is made on the first click or key.
//
// Every sound asked for is also announced as a "twentyeight:sound" event on the document
// ({name, muted}), so that tests and other panels can follow them.

const STORE = "twentyeight:mute";
let muted = localStorage.getItem(STORE) === "1";
let ctx = null;
let gestured = false;                  // audio may start only after the person's first gesture

export const isMuted = () => muted;

export function setMuted(value) {
  muted = Boolean(value);
  localStorage.setItem(STORE, muted ? "1" : "0");
  if (!muted) unlock();
}

/** Make (or wake) the audio context: call from a user gesture. */
export function unlock() {
  if (!gestured) return;
  try {
    if (!ctx) ctx = new (window.AudioContext || window.webkitAudioContext)();
    if (ctx.state === "suspended") ctx.resume();
  } catch { ctx = null; }
}

function noise(seconds) {
  const buffer = ctx.createBuffer(1, Math.max(1, Math.floor(ctx.sampleRate * seconds)),
    ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  return src;
}

function envelope(gain, at, peak, attack, release) {
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + attack + release);
}

function tone(freq, at, length, peak, type = "sine") {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  envelope(gain, at, peak, 0.01, length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.05);
}

/** A burst of noise through a filter of `type` at `freq` (a BiquadFilter, returned so that
 *  the caller may move it), shaped by an envelope. */
function filteredNoise(seconds, type, freq, peak, attack, release) {
  const at = ctx.currentTime;
  const src = noise(seconds);
  const filter = ctx.createBiquadFilter();
  filter.type = type;
  filter.frequency.setValueAtTime(freq, at);
  const gain = ctx.createGain();
  envelope(gain, at, peak, attack, release);
  src.connect(filter).connect(gain).connect(ctx.destination);
  src.start(at);
  return filter;
}

const SYNTH = {
  // a card snapped onto the felt: a short band-passed burst of noise
  card() {
    filteredNoise(0.09, "bandpass", 2300, 0.5, 0.004, 0.07).Q.value = 0.9;
  },
  // your turn: two soft rising notes
  turn() {
    const at = ctx.currentTime;
    tone(659.3, at, 0.16, 0.18);
    tone(987.8, at + 0.12, 0.22, 0.16);
  },
  // a trick gathered in: a swish falling in pitch, and a low knock
  trick() {
    const at = ctx.currentTime;
    filteredNoise(0.3, "lowpass", 3200, 0.28, 0.03, 0.25)
      .frequency.exponentialRampToValueAtTime(380, at + 0.28);
    tone(196, at + 0.2, 0.16, 0.12, "triangle");
  },
  // refused: a short low buzz
  refused() {
    const at = ctx.currentTime;
    tone(155.6, at, 0.14, 0.08, "square");
  },
};

/** Play one of the sounds (unless muted). */
export function play(name) {
  document.dispatchEvent(new CustomEvent("twentyeight:sound", { detail: { name, muted } }));
  if (muted || !SYNTH[name]) return;
  unlock();
  if (!ctx) return;
  try { SYNTH[name](); } catch { /* audio is a nicety: never break the table */ }
}

for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => { gestured = true; if (!muted) unlock(); },
    { once: true, capture: true });
}
