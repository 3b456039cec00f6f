// Pairing codes (issue 35): a WebRTC description packed to what two devices need to find each
// other with no server, as short text fit for a QR code and a link's fragment (#join=…).
//
// A description (SDP, ~700 bytes) is cut down to its essentials: ICE's user fragment and
// password, the DTLS certificate's SHA-256 fingerprint, the DTLS role, and the host candidates
// (UDP: IPv4, IPv6 or an mDNS name, each with its port). Beside them the code carries the
// release (a code of another release is refused: the two pages would not speak the same
// frames), the copy (the site's path: two copies of the game on one origin never pair), the
// seat, for an answer the offer it answers, and a CRC-32 of all of it (a garbled scan or a
// mistyped letter is refused). The bytes are written in base32 (A–Z, 2–7: QR's alphanumeric
// mode, safe in an address, read aloud without case). sdp() writes a description back that
// Chromium, Firefox and WebKit take.
//
// Plain JavaScript with no import: the page loads it as a module (ui/peer/table.mjs), node's
// tests import it as it is (tests/ui/test_pairing_code.py).

export const SEATS = ["S", "E", "N", "W"];
export const KINDS = ["offer", "answer"];
const FORMAT = 1; // the codes' own layout: a code of another layout is another release's
const SETUPS = ["actpass", "active", "passive"];
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const MAX_CANDIDATES = 6;
const MAX_CODE = 600; // characters: far above any real code, far below what hurts to read
const FINGERPRINT = 32; // sha-256
const IPV4 = 1;
const IPV6 = 2;
const MDNS = 3;

// Why a code is refused: `code` is the catalog's (table.refused.<code>).
export class PairingRefused extends Error {
  constructor(code) {
    super(`pairing code refused: ${code}`);
    this.code = code;
  }
}

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const ascii = (text) => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);

// the copy of the game, by its path: two bytes of its CRC
export function copyOf(path) {
  return crc32(ascii(path)) & 0xffff;
}

// the offer an answer answers: two bytes of the CRC of its ICE credentials
export function tagOf(parts) {
  return crc32(ascii(`${parts.ufrag}:${parts.pwd}`)) & 0xffff;
}

// -- the description's essentials --------------------------------------------------------------

function candidateOf(line) {
  // candidate:<foundation> <component> <protocol> <priority> <address> <port> typ <type> …
  const f = line.slice(line.indexOf(":") + 1).split(" ");
  if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[7] !== "host") return null;
  const port = Number(f[5]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  const address = f[4];
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return { kind: IPV4, address, port };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/i.test(address))
    return { kind: MDNS, address: address.toLowerCase(), port };
  if (address.includes(":") && ipv6Bytes(address)) return { kind: IPV6, address, port };
  return null;
}

// What of a description (SDP text) a code keeps; null when it lacks something needed.
export function essentials(sdp) {
  const parts = { ufrag: null, pwd: null, fingerprint: null, setup: null, candidates: [] };
  for (const line of String(sdp).split(/\r?\n/)) {
    const value = line.slice(line.indexOf(":") + 1).trim();
    if (line.startsWith("a=ice-ufrag:")) parts.ufrag ??= value;
    else if (line.startsWith("a=ice-pwd:")) parts.pwd ??= value;
    else if (line.startsWith("a=setup:")) parts.setup ??= value;
    else if (line.toLowerCase().startsWith("a=fingerprint:sha-256 "))
      parts.fingerprint ??= value.split(" ")[1];
    else if (line.startsWith("a=candidate:")) {
      const found = candidateOf(line.slice(2));
      const seen = parts.candidates.some((c) => c.address === found?.address);
      if (found && !seen && parts.candidates.length < MAX_CANDIDATES) parts.candidates.push(found);
    }
  }
  const { ufrag, pwd, fingerprint, setup } = parts;
  const iceChars = /^[A-Za-z0-9+/]{1,255}$/;
  if (!ufrag || !pwd || !iceChars.test(ufrag) || !iceChars.test(pwd)) return null;
  if (!fingerprint || !/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/.test(fingerprint)) return null;
  if (!SETUPS.includes(setup)) return null;
  return parts;
}

// -- bytes -------------------------------------------------------------------------------------

function ipv6Bytes(address) {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (text) => (text ? text.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1] ?? "");
  const fill = 8 - head.length - tail.length;
  if ((halves.length === 1 && fill !== 0) || fill < 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? fill : 0).fill("0"), ...tail];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

function addressBytes(candidate) {
  if (candidate.kind === IPV4) return candidate.address.split(".").map(Number);
  if (candidate.kind === IPV6) return ipv6Bytes(candidate.address);
  const hex = candidate.address.slice(0, 36).replaceAll("-", "");
  return Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

function addressText(kind, bytes) {
  if (kind === IPV4) return bytes.join(".");
  const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  if (kind === IPV6) return hex.match(/.{4}/g).join(":");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

const SIZES = { [IPV4]: 4, [IPV6]: 16, [MDNS]: 16 };

// The code of a description: `kind` "offer" or "answer", `sdp` its text; `seat` (S E N W), the
// `release` (hex), the `copy` (copyOf the site's path) and, for an answer, `tag` (tagOf the
// offer answered). Throws PairingRefused("description") when the description lacks a part.
export function pack({ kind, sdp, seat, release, copy, tag = 0 }) {
  const parts = essentials(sdp);
  if (!parts || !KINDS.includes(kind) || !SEATS.includes(seat))
    throw new PairingRefused("description");
  const out = [FORMAT * 2 + KINDS.indexOf(kind)];
  const r = String(release).padEnd(8, "0").slice(0, 8);
  for (let i = 0; i < 8; i += 2) out.push(parseInt(r.slice(i, i + 2), 16) || 0);
  out.push(copy >> 8, copy & 0xff, SEATS.indexOf(seat), tag >> 8, tag & 0xff);
  out.push(SETUPS.indexOf(parts.setup));
  for (const text of [parts.ufrag, parts.pwd]) out.push(text.length, ...ascii(text));
  out.push(...parts.fingerprint.split(":").map((h) => parseInt(h, 16)));
  out.push(parts.candidates.length);
  for (const c of parts.candidates)
    out.push(c.kind, ...addressBytes(c), c.port >> 8, c.port & 0xff);
  const crc = crc32(out);
  out.push(crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff);
  return base32(Uint8Array.from(out));
}

// The code in `text` (a code, or a link that carries one after #join=) read back: {kind, seat,
// tag, release, parts, sdp}; refused (PairingRefused) when `text` is no code ("empty"),
// garbled ("garbled"), of another release ("release") or copy ("copy"), or not the `kind`
// expected ("kind": an answer where a table's code belongs, or the other way round).
export function unpack(text, { kind, release, copy }) {
  const code = codeIn(text);
  if (!code) throw new PairingRefused("empty");
  const bytes = unbase32(code);
  if (!bytes || bytes.length < 16) throw new PairingRefused("garbled");
  const body = bytes.subarray(0, bytes.length - 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  if (view.getUint32(bytes.length - 4) !== crc32(body)) throw new PairingRefused("garbled");
  const read = reader(body);
  const head = read.byte();
  if (head >> 1 !== FORMAT) throw new PairingRefused("release");
  const hex = Array.from(read.take(4), (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== String(release).padEnd(8, "0").slice(0, 8)) throw new PairingRefused("release");
  if (read.u16() !== copy) throw new PairingRefused("copy");
  const found = KINDS[head & 1];
  if (found !== kind) throw new PairingRefused("kind");
  const seat = SEATS[read.byte()];
  const tag = read.u16();
  const setup = SETUPS[read.byte()];
  const ufrag = read.text();
  const pwd = read.text();
  const fingerprint = Array.from(read.take(FINGERPRINT), (b) =>
    b.toString(16).toUpperCase().padStart(2, "0"),
  ).join(":");
  const candidates = [];
  for (let n = read.byte(); n > 0; n--) {
    const k = read.byte();
    if (!SIZES[k]) throw new PairingRefused("garbled");
    const address = addressText(k, Array.from(read.take(SIZES[k])));
    candidates.push({ kind: k, address, port: read.u16() });
  }
  if (!seat || !setup || !read.done()) throw new PairingRefused("garbled");
  const parts = { ufrag, pwd, fingerprint, setup, candidates };
  return { kind: found, seat, tag, release: hex, parts, sdp: sdp(parts) };
}

function reader(bytes) {
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new PairingRefused("garbled");
    at += n;
    return bytes.subarray(at - n, at);
  };
  return {
    take,
    byte: () => take(1)[0],
    u16: () => {
      const two = take(2);
      return (two[0] << 8) | two[1];
    },
    text: () => String.fromCharCode(...take(take(1)[0])),
    done: () => at === bytes.length,
  };
}

// A description written back from its essentials (a data channel's, as the browsers make it).
export function sdp(parts) {
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  parts.candidates.forEach((c, i) => {
    const priority = 2113937151 - i * 256;
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ host`);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${parts.ufrag}`,
    `a=ice-pwd:${parts.pwd}`,
    `a=fingerprint:sha-256 ${parts.fingerprint.toUpperCase()}`,
    `a=setup:${parts.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return `${lines.join("\r\n")}\r\n`;
}

// -- text --------------------------------------------------------------------------------------

// The code in what was pasted or scanned: after #join= when it is a link; spaces, dashes and
// case do not count.
export function codeIn(text) {
  let code = String(text ?? "");
  const at = code.indexOf("#join=");
  if (at >= 0) code = code.slice(at + 6);
  code = code.replace(/[\s-]/g, "").toUpperCase();
  return code.length > MAX_CODE ? code.slice(0, MAX_CODE + 1) : code;
}

export function base32(bytes) {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function unbase32(text) {
  if (text.length > MAX_CODE) return null;
  const out = [];
  let bits = 0;
  let value = 0;
  for (const ch of text) {
    const n = ALPHABET.indexOf(ch);
    if (n < 0) return null;
    value = (value << 5) | n;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}
