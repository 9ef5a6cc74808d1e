"use strict";
// GN.sound: short sounds made in the page (Web Audio, no files): a card, a shuffle, your turn, Yaniv!, a win.
// A switch mutes them; the choice is kept in this browser ("gamenight-sound": "on" or "off"; on at first).
(function () {
  const KEY = "gamenight-sound";
  let context = null;
  window.gnSoundLog = [];   // the sounds played (the browser tests read it)

  function enabled() { return localStorage.getItem(KEY) !== "off"; }

  function setEnabled(on) { localStorage.setItem(KEY, on ? "on" : "off"); }

  function audio() {
    if (!context) {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return null;
      context = new Ctx();
    }
    return context;
  }

  // a tone: frequency (Hz), start and length (s), loudness
  function tone(ctx, frequency, at, length, gain = 0.12, type = "sine") {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = type;
    osc.frequency.value = frequency;
    amp.gain.setValueAtTime(0, ctx.currentTime + at);
    amp.gain.linearRampToValueAtTime(gain, ctx.currentTime + at + 0.01);
    amp.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + at + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(ctx.currentTime + at);
    osc.stop(ctx.currentTime + at + length + 0.02);
  }

  // a soft rustle: a burst of noise, for cards
  function rustle(ctx, at, length, gain = 0.08) {
    const frames = Math.floor(ctx.sampleRate * length);
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    const source = ctx.createBufferSource();
    const amp = ctx.createGain();
    amp.gain.value = gain;
    source.buffer = buffer;
    source.connect(amp).connect(ctx.destination);
    source.start(ctx.currentTime + at);
  }

  const SOUNDS = {
    card: (ctx) => rustle(ctx, 0, 0.07),
    shuffle: (ctx) => { for (let i = 0; i < 6; i++) rustle(ctx, i * 0.05, 0.06, 0.06); },
    turn: (ctx) => { tone(ctx, 660, 0, 0.12); tone(ctx, 880, 0.1, 0.18); },
    yaniv: (ctx) => { tone(ctx, 523, 0, 0.12, 0.15, "triangle"); tone(ctx, 784, 0.12, 0.3, 0.15, "triangle"); },
    win: (ctx) => [523, 659, 784, 1047].forEach((f, i) => tone(ctx, f, i * 0.12, 0.25, 0.12, "triangle")),
  };

  /** Play the sound ``name`` (card, shuffle, turn, yaniv, win) unless muted. */
  function play(name) {
    if (!enabled() || !SOUNDS[name]) return;
    window.gnSoundLog.push(name);
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    try { SOUNDS[name](ctx); } catch (e) { /* a browser without sound: silence */ }
  }

  GN.sound = {play, enabled, setEnabled};
})();
