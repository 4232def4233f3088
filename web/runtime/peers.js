// Friends at one table: the browsers' direct connection, with no server between them.
//
// The host's page makes one RTCPeerConnection per friend's seat. Its offer, with the network
// candidates gathered for at most GATHER_MS, travels inside the invitation (a link whose
// fragment, never sent to a web server, holds the offer packed: JSON, deflate-raw through
// CompressionStream, base64url). The friend's page answers the same way (the reply: a link and
// the same text as a code), the host reads the reply, and the data channel opens. From then on
// the pages exchange the protocol's text messages (web/friends/, Python); this module only
// carries them and says when a channel opens or closes.
//
// Which servers help two networks find each other (STUN) is the caller's: a list of
// RTCIceServer values; an empty list is "same network only" (host candidates). There is no
// relay (TURN): two networks that STUN cannot join cannot play together.

export const VERSION = 1;
export const GATHER_MS = 2000;
export const PACKED_LIMIT = 8000; // characters of a packed invitation or reply, at most
export const DEFAULT_ICE_SERVERS = [{ urls: "stun:stun.l.google.com:19302" }];

export class PeerError extends Error {
  // code: "damaged" (cannot be read), "kind" (an invitation where a reply was expected, or the
  // reverse), "version" (made by another version of the site), "failed" (no connection)
  constructor(code, message) {
    super(message || code);
    this.code = code;
  }
}

function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// An object as the text of an invitation or a reply.
export async function pack(value) {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return toBase64url(await through(new CompressionStream("deflate-raw"), json));
}

// The object a packed text holds, of the expected kind; PeerError otherwise.
export async function unpack(text, kind) {
  const clean = String(text || "").trim().replace(/^.*[#&](?:join|reply)=/, "");
  if (!clean || clean.length > PACKED_LIMIT || !/^[A-Za-z0-9_-]+$/.test(clean)) {
    throw new PeerError("damaged");
  }
  let value;
  try {
    const bytes = await through(new DecompressionStream("deflate-raw"), fromBase64url(clean));
    if (bytes.length > 4 * PACKED_LIMIT) throw new Error("too long");
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new PeerError("damaged");
  }
  if (!value || typeof value !== "object" || typeof value.sdp !== "string") {
    throw new PeerError("damaged");
  }
  if (value.v !== VERSION) throw new PeerError("version");
  if (value.k !== kind) throw new PeerError("kind");
  return value;
}

function gathered(pc, ms) {
  // The local description once candidate gathering is complete, or after ms at most.
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve(pc.localDescription);
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

// One direct connection to one other page: its data channel, its events.
export class Link {
  constructor(iceServers, gatherMs) {
    this.pc = new RTCPeerConnection({ iceServers: iceServers || [] });
    this.gatherMs = gatherMs ?? GATHER_MS;
    this.channel = null;
    this.onopen = () => {};
    this.onmessage = () => {};
    this.onclose = () => {};
    this.pc.addEventListener("connectionstatechange", () => {
      const state = this.pc.connectionState;
      if (state === "failed" || state === "closed") this.closed();
    });
  }

  attach(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => this.onopen());
    channel.addEventListener("message", (event) => {
      if (typeof event.data === "string") this.onmessage(event.data);
    });
    channel.addEventListener("close", () => this.closed());
  }

  closed() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.onclose();
  }

  get open() {
    return !!this.channel && this.channel.readyState === "open";
  }

  send(text) {
    if (!this.open) return false;
    this.channel.send(text);
    return true;
  }

  close() {
    try {
      this.channel?.close();
      this.pc.close();
    } finally {
      this.closed();
    }
  }
}

// The host's side: an invitation for one seat, then the friend's reply.
export async function invite(meta, { iceServers, gatherMs } = {}) {
  const link = new Link(iceServers, gatherMs);
  link.attach(link.pc.createDataChannel("barbu", { ordered: true }));
  await link.pc.setLocalDescription(await link.pc.createOffer());
  const offer = await gathered(link.pc, link.gatherMs);
  const code = await pack({ ...meta, v: VERSION, k: "invite", sdp: offer.sdp });
  return { link, code };
}

export async function accept(link, replyText) {
  const reply = await unpack(replyText, "reply");
  await link.pc.setRemoteDescription({ type: "answer", sdp: reply.sdp });
  return reply;
}

// The friend's side: the invitation read, and the reply to send back.
export async function join(inviteText, meta, { iceServers, gatherMs } = {}) {
  const offer = await unpack(inviteText, "invite");
  const link = new Link(iceServers, gatherMs);
  link.pc.addEventListener("datachannel", (event) => link.attach(event.channel));
  await link.pc.setRemoteDescription({ type: "offer", sdp: offer.sdp });
  await link.pc.setLocalDescription(await link.pc.createAnswer());
  const answer = await gathered(link.pc, link.gatherMs);
  const code = await pack({ ...meta, v: VERSION, k: "reply", sdp: answer.sdp });
  return { link, offer, code };
}

// What an invitation says (who invites, the game, the seat) before the friend answers it.
export async function readInvitation(inviteText) {
  const { sdp, ...meta } = await unpack(inviteText, "invite");
  return meta;
}
