/**
 * A call that gives this browser a new session (a password change: the server ends the old
 * session and sends the new one's cookies with its answer) races every request sent before
 * that answer arrives: they carry the old, ended session and are refused as signed out. So
 * while such a call is under way, requests wait for its answer: those of this page, and those
 * of a page loaded in the same tab meanwhile (the person followed a link while it said
 * "Saving…"), which waits until the csrftoken cookie, replaced by the answer, has changed.
 */
const KEY = 'voxpad:session-rotation';
/** How long a page opened meanwhile waits for the answer at most. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

let underway: Promise<unknown> | null = null;
/** This page load: it waits for its own call in memory, and only for another page's by marker. */
const PAGE = Math.random().toString(36).slice(2);

interface Marker {
  /** The csrftoken before the call: a new one means the answer has arrived. */
  csrf: string | null;
  until: number;
  page: string;
}

function readMarker(): Marker | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const marker = JSON.parse(raw) as Partial<Marker>;
    return typeof marker.until === 'number'
      ? { csrf: marker.csrf ?? null, until: marker.until, page: marker.page ?? '' }
      : null;
  } catch {
    return null;
  }
}

function writeMarker(marker: Marker | null): void {
  try {
    if (marker) sessionStorage.setItem(KEY, JSON.stringify(marker));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No sessionStorage: only this page waits.
  }
}

/**
 * Runs `rotate` (which must start its request at once, before its first await) and makes
 * every later request wait for it; `csrfToken` reads the csrftoken cookie.
 */
export function whileSessionRotates<T>(rotate: () => Promise<T>, csrfToken: () => string | null): Promise<T> {
  const csrf = csrfToken();
  const call = rotate();
  underway = call;
  writeMarker({ csrf, until: Date.now() + WAIT_MS, page: PAGE });
  const done = () => {
    if (underway === call) underway = null;
  };
  call.then(() => {
    done();
    writeMarker(null);
  }, done);
  // A failure leaves the marker: when the page is going away (the person followed a link) the
  // request goes on without it (keepalive) and the page loaded next waits for its cookies. This
  // page itself never waits on its own marker.
  return call;
}

/** Resolves once no session change is under way (at once, nearly always). */
export async function sessionSettled(csrfToken: () => string | null): Promise<void> {
  if (underway) await underway.catch(() => undefined);
  const marker = readMarker();
  if (!marker || marker.page === PAGE) return;
  while (Date.now() < marker.until && csrfToken() === marker.csrf) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  writeMarker(null);
}
