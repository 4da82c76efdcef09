/**
 * The little of the service worker's global scope that sw.ts uses. The web app compiles
 * against the DOM library, whose types clash with the WebWorker library's, so the worker's
 * own types are spelled out here instead.
 */
export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface MessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
}

interface WorkerEvents {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  fetch: FetchEventLike;
  message: MessageEventLike;
}

export interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof WorkerEvents>(type: K, listener: (event: WorkerEvents[K]) => void): void;
  /** The precache list vite-plugin-pwa writes into the built worker. */
  readonly __WB_MANIFEST: { url: string; revision: string | null }[];
}
