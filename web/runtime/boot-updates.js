/**
 * Updates (web/runtime/boot.js): the service worker registered after the first screen, new
 * versions offered in a banner that the game may hold during a deal, a failed install tried
 * again later, a new version that another tab accepted followed.
 */

import { boot, byId, root } from './boot-page.js';

// Whether a version of the site's worker served this page. Only then can another version take
// the page over; the first install does not (the worker does not claim open pages).
const servedByWorker = Boolean(navigator.serviceWorker?.controller);

export const updates = {
  held: false,
  waiting: null,
  /** This tab asked for the new version ("Reload now"): it reloads once that is active. */
  applying: false,
  /** Another tab switched the site to a new version: this one reloads at its next safe point. */
  following: false,
  /** A failed install is tried again after `first` ms, then after twice as long as the time
   *  before, up to `max` ms between tries. */
  retryDelay: { first: 30_000, max: 30 * 60_000 },
  /** Installs failed since the last one that succeeded. */
  failures: 0,
  /** When the next try is due (a Date.now() time), or null. */
  retryAt: null,
  retryTimer: 0,
  /** Whether a new version is installed and waiting for a reload. */
  get available() { return this.waiting !== null; },
  /** Keep the banner hidden and this tab where it is (e.g. during a deal) until release(). */
  hold() { this.held = true; this.show(); },
  /** Allow the banner again; it appears at once if a new version is waiting. If another tab
   *  switched to a new version meanwhile, this tab reloads into it now. */
  release() {
    this.held = false;
    if (!this.follow()) this.show();
  },
  /** A new version is ready: offer it now, or on release(). */
  offer(worker) {
    this.waiting = worker;
    this.show();
    dispatchEvent(new CustomEvent('barbu:update-available'));
  },
  /** Switch to the waiting version and reload the page into it. */
  apply() {
    const worker = this.waiting;
    if (!worker) return;
    this.applying = true;
    if (worker.state === 'activated') {   // another tab of the game accepted it already
      location.reload();
      return;
    }
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') location.reload();
    });
    worker.postMessage({ type: 'skip-waiting' });
  },
  /** Hide the banner until the next page load. */
  dismiss() { this.waiting = null; this.show(); },
  show() {
    const visible = !this.held && this.waiting !== null;
    const banner = byId('update-banner');
    banner.hidden = !visible;
    root.classList.toggle('update-offered', visible);
    if (visible) root.style.setProperty('--banner-space', `${banner.offsetHeight + 16}px`);
  },
  /** Another tab made a new version active (controllerchange): this page's files are now
   *  served from the new version's cache, the old one is gone. Reload into it at once, or on
   *  release() if the game holds updates: the game has saved its state by then. */
  controllerChanged() {
    if (!servedByWorker || this.applying) return;
    this.following = true;
    this.follow();
  },
  /** Reload if following a new version and nothing holds this tab; whether it does. */
  follow() {
    if (!this.following || this.held) return false;
    location.reload();
    return true;
  },
  /** An install is done: the next failure starts the delays from the first again. */
  installed() {
    this.failures = 0;
    clearTimeout(this.retryTimer);
    this.retryAt = null;
  },
  /** An install failed (or the check for one did): try again later, longer after each failure.
   *  The browser itself would only try again at the next visit. */
  installFailed() {
    this.failures += 1;
    const { first, max } = this.retryDelay;
    const delay = Math.min(max, first * 2 ** (this.failures - 1));
    clearTimeout(this.retryTimer);
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => this.retry(), delay);
  },
  /** Look for a new version now (the retry timer calls this). */
  retry() {
    clearTimeout(this.retryTimer);
    this.retryAt = null;
    return checkForUpdate().catch((error) => {
      console.warn('update check failed:', error.message);
      this.installFailed();
    });
  },
};

/** Follow a registration's new workers: offer each installed new version, count failures. */
function watchRegistration(registration) {
  const tracked = new WeakSet();   // the first install is both `installing` and `updatefound`
  const track = (worker) => {
    if (!worker || tracked.has(worker)) return;
    tracked.add(worker);
    let settled = worker.state !== 'installing' && worker.state !== 'parsed';
    const check = () => {
      if (worker.state === 'redundant' && !settled) {
        settled = true;   // count it once
        updates.installFailed();
        return;
      }
      if (worker.state !== 'installed') return;
      settled = true;
      updates.installed();
      // A version is new only if an older one is active; the very first install is not an update.
      if (registration.active && registration.active !== worker) updates.offer(worker);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
}

/** Register the site's worker (or find it registered) and follow its new versions. */
async function register() {
  const registration = await navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' });
  if (registration !== boot.registration) {
    // A first install that fails takes its registration with it: a retry makes a new one.
    boot.registration = registration;
    watchRegistration(registration);
  }
  return registration;
}

/** Ask the server for the site's worker again: a new version installs if sw.js changed. */
async function checkForUpdate() {
  const registration = await register();
  // register() does not look again at a worker it knows; update() does.
  if (registration.active) await registration.update();
}

export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') boot.registration?.update().catch(() => {});
  });
  await register();
}
