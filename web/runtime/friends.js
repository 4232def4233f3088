// Friends at one table: what the game page's Python asks of the transport (web/runtime/peers.js).
//
// The host's page has one `Host`: an invitation per friend's seat (a link whose fragment holds
// the packed offer, its QR code), the friend's reply accepted (pasted, or picked up from another
// tab of this browser through a BroadcastChannel: the reply link opened on the host's device),
// then the text messages of each seat's channel. A friend's page has one `Guest`: the invitation
// read, the reply made, then its channel's messages. Python hears everything through one
// listener, `(kind, seat, text)`: kind is "open", "message", "close" or "reply" (a reply picked
// up from another tab, to accept as if pasted). Failures resolve to `{ error: code }` (the codes
// of peers.js's PeerError), never throw: Python words the code in the player's language.

import { accept, invite, join, PeerError, readInvitation, unpack } from './peers.js';
import { qrSvg } from './qr.js';

export const CHANNEL = 'barbu-friends';
export const PICKUP_MS = 1500; // how long a reply tab waits for the host's tab to answer
export const CLOSE_MS = 4000; // how long a reply tab that was taken stays open to say so

// The address of this page with `fragment` (an invitation's or a reply's), never sent to a server.
export function address(fragment) {
  return `${location.origin}${location.pathname}#${fragment}`;
}

function failure(error) {
  return { error: error instanceof PeerError ? error.code : 'failed', detail: String(error) };
}

function wire(link, seat, listener) {
  link.onopen = () => listener('open', seat, '');
  link.onmessage = (text) => listener('message', seat, text);
  link.onclose = () => listener('close', seat, '');
}

// The host's side: one link per friend's seat.
export class Host {
  constructor({ iceServers = [], gatherMs } = {}) {
    this.options = { iceServers, gatherMs };
    this.links = new Map();
    this.listener = () => {};
    this.pickup = new BroadcastChannel(CHANNEL);
    this.pickup.addEventListener('message', (event) => this.picked(event.data));
  }

  listen(listener) {
    this.listener = listener;
  }

  // A new invitation for `seat` (the seat's previous link, if any, is closed first).
  async invite(seat, meta) {
    this.drop(seat);
    try {
      const { link, code } = await invite({ ...meta, seat }, this.options);
      wire(link, seat, (...args) => this.links.get(seat) === link && this.listener(...args));
      this.links.set(seat, link);
      const url = address(`join=${code}`);
      return { url, code, size: url.length };
    } catch (error) {
      return failure(error);
    }
  }

  // Whether `seat`'s channel is open now (its "open" may still wait to be heard).
  isOpen(seat) {
    return !!this.links.get(seat)?.open;
  }

  // The friend's reply for `seat`: its name, once the channel can open.
  async accept(seat, text) {
    const link = this.links.get(seat);
    if (!link) return { error: 'kind' };
    try {
      const reply = await unpack(text, 'reply');
      if (reply.seat !== seat) return { error: 'seat' };
      await accept(link, text);
      return { name: String(reply.name || ''), seat };
    } catch (error) {
      return failure(error);
    }
  }

  async picked(data) {
    if (!data || data.kind !== 'reply' || typeof data.code !== 'string') return;
    try {
      const reply = await unpack(data.code, 'reply');
      if (!this.links.has(reply.seat)) return;
      this.pickup.postMessage({ kind: 'taken', id: data.id });
      this.listener('reply', reply.seat, data.code);
    } catch {
      // a damaged reply sent from another tab: that tab says it was not taken
    }
  }

  send(seat, text) {
    const link = this.links.get(seat);
    return link ? link.send(text) : false;
  }

  drop(seat) {
    const link = this.links.get(seat);
    this.links.delete(seat);
    if (link) link.close();
  }

  close() {
    for (const seat of [...this.links.keys()]) this.drop(seat);
    this.pickup.close();
  }
}

// What an invitation says (who invites, the game, the seat, the token), or { error }.
export async function read(text) {
  try {
    return await readInvitation(text);
  } catch (error) {
    return failure(error);
  }
}

// A friend's side: the invitation, the reply, one link.
export class Guest {
  constructor({ iceServers = [], gatherMs } = {}) {
    this.options = { iceServers, gatherMs };
    this.link = null;
    this.seat = null;
    this.listener = () => {};
  }

  listen(listener) {
    this.listener = listener;
  }

  // The reply to the invitation, for the player `name`: its link and its code.
  async join(text, name) {
    try {
      const meta = await readInvitation(text);
      const { link, code } = await join(text, { name, seat: meta.seat }, this.options);
      this.link = link;
      this.seat = meta.seat;
      wire(link, meta.seat, (...args) => this.link === link && this.listener(...args));
      const url = address(`reply=${code}`);
      return { url, code, size: url.length };
    } catch (error) {
      return failure(error);
    }
  }

  send(text) {
    return this.link ? this.link.send(text) : false;
  }

  close() {
    if (this.link) this.link.close();
    this.link = null;
  }
}

// A reply link opened in the host's browser: hand the reply to the host's tab. Resolves true if
// a host's tab took it within PICKUP_MS.
export function deliverReply(code) {
  const channel = new BroadcastChannel(CHANNEL);
  const id = `${Date.now()}-${Math.random()}`;
  return new Promise((resolve) => {
    const done = (taken) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), PICKUP_MS);
    channel.addEventListener('message', (event) => {
      if (event.data && event.data.kind === 'taken' && event.data.id === id) {
        done(true);
        setTimeout(() => window.close(), CLOSE_MS); // once the page has said so
      }
    });
    channel.postMessage({ kind: 'reply', code, id });
  });
}

// An <svg> QR code of `text` for this document.
export function qr(text, label) {
  return qrSvg(document, text, label);
}

// Copy text to the clipboard; resolves whether it worked.
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// The system's share sheet with a link, where the browser has one; resolves whether it opened.
export async function share(url, title) {
  if (!navigator.share) return false;
  try {
    await navigator.share({ url, title });
    return true;
  } catch {
    return false;
  }
}
