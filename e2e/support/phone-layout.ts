import type { Page } from 'playwright-core';

export interface PhoneLayout {
  /** The document's scroll width; equal to `viewport` when nothing overflows sideways. */
  width: number;
  viewport: number;
  /** Controls under 44 px, described as `TAG "text" WxH`. */
  small: string[];
}

/**
 * Measures the page's main controls against the 44 px touch-target rule and the document's
 * width against the viewport. Transcript words are targets inside running text: they must be
 * tall enough but may be as narrow as the word.
 */
export function measurePhoneLayout(page: Page, selector: string): Promise<PhoneLayout> {
  return page.evaluate((controlsSelector) => {
    const small: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(controlsSelector)) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const inText = control.closest('[role="group"]') !== null;
      if (box.height < 44 || (!inText && box.width < 44)) {
        small.push(
          `${control.tagName} "${control.innerText.trim().slice(0, 20)}" ${box.width}x${box.height}`,
        );
      }
    }
    return { width: document.documentElement.scrollWidth, viewport: window.innerWidth, small };
  }, selector);
}
