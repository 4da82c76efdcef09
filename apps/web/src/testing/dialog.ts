import { beforeAll } from 'vitest';

/**
 * jsdom has <dialog> without its modal methods; for the calling test file these do what the
 * browser does to `open`.
 */
export function withModalDialogs(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });
}
