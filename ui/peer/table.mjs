// One table across several devices, no server (issue 35): the lines between the host's page and
// its guests' pages, WebRTC data channels whose descriptions are carried by hand as pairing
// codes (./code.mjs) and QR codes (./qr.mjs). No ICE server (iceServers: []): the devices must
// reach each other on the network they share, and nothing leaves it.
//
// The page's Python reaches it as window.longanaTable (ui/boot.js loads this module when the
// page asks for it, or at once on a guest's #join= address). It carries texts and says what
// happened through one listener, listen(fn): fn(event, seat, text) with event one of
//   "open"      the seat's channel is open (host: a guest has joined; guest: joined)
//   "message"   a text came (a guest's is at most MAX_GUEST_TEXT characters: longer ones are
//               dropped here and told as "too-large")
//   "closed"    the channel closed or the connection failed after it had opened
//   "apart"     the devices found no way to each other within APART_MS (ICE's checks got no
//               answer; a guest's checks are answered by the host's page as soon as the guest
//               answers its code, before the host has taken that answer: measured, a guest
//               whose answer was taken 45 s later connected at once)
// Every call resolves (never rejects): a refusal comes back as {"refused": code}.

import { copyOf, essentials, PairingRefused, pack, tagOf, unpack } from "./code.mjs";
import { scanner, svg } from "./qr.mjs";

const RELEASE = "__RELEASE__"; // tools/build_site.py writes the release in
const GATHER_MS = 3000; // host candidates only: gathered in milliseconds where there are any
const APART_MS = 15000;
const MAX_GUEST_TEXT = 4096;

const folder = () => location.pathname.replace(/[^/]*$/, "");
const COPY = copyOf(folder());
const lines = new Map(); // seat -> Line (the host's, one a seat; the guest's one)
let tell = () => {};
let scanning = null;

function supported() {
  try {
    const pc = new RTCPeerConnection({ iceServers: [] });
    pc.createDataChannel("probe");
    pc.close();
    return true;
  } catch {
    return false;
  }
}

function gathered(pc) {
  return new Promise((done) => {
    if (pc.iceGatheringState === "complete") return done();
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

// One peer connection and its one channel (negotiated: both sides make it, id 0).
class Line {
  constructor(seat, guest) {
    this.seat = seat;
    this.guest = guest; // this page is the guest's
    this.opened = false;
    this.ended = false;
    this.reached = false; // ICE found a way to the other device
    this.told = false; // "apart" was said
    this.pc = new RTCPeerConnection({ iceServers: [] });
    this.dc = this.pc.createDataChannel("longana", { negotiated: true, id: 0 });
    this.dc.onopen = () => {
      this.opened = true;
      clearTimeout(this.timer);
      tell("open", seat, "");
    };
    this.dc.onmessage = (event) => {
      const text = typeof event.data === "string" ? event.data : "";
      if (!this.guest && text.length > MAX_GUEST_TEXT) tell("too-large", seat, "");
      else tell("message", seat, text);
    };
    this.dc.onclose = () => this.end();
    this.pc.onconnectionstatechange = () => {
      if (["failed", "closed"].includes(this.pc.connectionState)) this.end();
    };
    this.pc.oniceconnectionstatechange = () => {
      const state = this.pc.iceConnectionState;
      if (state === "connected" || state === "completed") this.reached = true;
      if (state === "failed") this.apart();
    };
  }
  // from now on, the devices have APART_MS to find each other
  watch() {
    this.watching = true;
    this.timer = setTimeout(() => this.apart(), APART_MS);
  }
  apart() {
    if (this.watching && !this.reached && !this.opened && !this.told) {
      this.told = true;
      tell("apart", this.seat, "");
    }
  }
  end() {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    try {
      this.pc.close();
    } catch {
      /* closed already */
    }
    if (lines.get(this.seat) === this) lines.delete(this.seat);
    if (this.opened) tell("closed", this.seat, "");
    else this.apart();
  }
  async describe() {
    await gathered(this.pc);
    return this.pc.localDescription.sdp;
  }
}

function refused(error) {
  return { refused: error instanceof PairingRefused ? error.code : "failed" };
}

// -- the host ------------------------------------------------------------------------------

// A new offer for `seat` (one pending a seat: an older one is dropped): {code, link, svg}.
async function offer(seat, title) {
  try {
    lines.get(seat)?.end();
    const line = new Line(seat, false);
    lines.set(seat, line);
    await line.pc.setLocalDescription(await line.pc.createOffer());
    const sdp = await line.describe();
    line.tag = tagOf(essentials(sdp));
    const code = pack({ kind: "offer", sdp, seat, release: RELEASE, copy: COPY });
    const link = new URL(`${folder()}#join=${code}`, location.href).href;
    return { code, link, svg: svg(link, title) };
  } catch (error) {
    return refused(error);
  }
}

// The guest's answer to `seat`'s offer: {} once taken (the channel opens, or "apart"), else
// {refused}: garbled, release, copy, kind, "seat" (an answer for another seat), "stale" (to
// an earlier code of this seat) or "seat-taken" (another device answered this code first).
async function accept(seat, text) {
  const line = lines.get(seat);
  try {
    const read = unpack(text, { kind: "answer", release: RELEASE, copy: COPY });
    if (read.seat !== seat) return { refused: "seat" };
    if (!line || read.tag !== line.tag) return { refused: "stale" };
    if (line.answered || line.opened) return { refused: "seat-taken" }; // a second device
    line.answered = true;
    await line.pc.setRemoteDescription({ type: "answer", sdp: read.sdp });
    line.watch();
    return {};
  } catch (error) {
    return refused(error);
  }
}

// -- the guest -----------------------------------------------------------------------------

// Join with a table's code (or its link): {seat, code, svg} (the answer to show the host), or
// {refused}: empty, garbled, release, copy, kind, failed (no data channel here).
async function join(text, title) {
  try {
    const read = unpack(text, { kind: "offer", release: RELEASE, copy: COPY });
    for (const line of lines.values()) line.end();
    const line = new Line(read.seat, true);
    lines.set(read.seat, line);
    await line.pc.setRemoteDescription({ type: "offer", sdp: read.sdp });
    await line.pc.setLocalDescription(await line.pc.createAnswer());
    const sdp = await line.describe();
    const tag = tagOf(read.parts);
    const code = pack({ kind: "answer", sdp, seat: read.seat, release: RELEASE, copy: COPY, tag });
    line.watch();
    return { seat: read.seat, code, svg: svg(code, title) };
  } catch (error) {
    return refused(error);
  }
}

// -- both ----------------------------------------------------------------------------------

function send(seat, text) {
  const line = lines.get(seat);
  if (line?.dc.readyState !== "open") return false;
  try {
    line.dc.send(text);
    return true;
  } catch {
    return false;
  }
}

function drop(seat) {
  lines.get(seat)?.end();
}

// The camera reads a QR code into `video`: resolves to its text ("" when stopped; "camera:"
// when no camera could be had).
async function scan(video) {
  scanning?.stop();
  const now = scanner(video);
  scanning = now;
  const text = await now.read;
  if (scanning === now) scanning = null;
  return text || (now.failed ? `${now.failed}:` : "");
}

function stopScan() {
  scanning?.stop();
  scanning = null;
}

window.longanaTable = {
  supported,
  listen(fn) {
    tell = (event, seat, text) => {
      try {
        fn(event, seat, text);
      } catch (error) {
        console.warn("longana: the table's listener failed", error);
      }
    };
  },
  offer: (seat, title) => offer(seat, title).then(JSON.stringify),
  accept: (seat, text) => accept(seat, text).then(JSON.stringify),
  join: (text, title) => join(text, title).then(JSON.stringify),
  send,
  drop,
  scan,
  stopScan,
  svg,
};
