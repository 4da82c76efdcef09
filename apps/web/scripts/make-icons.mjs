// Draws the app icons (public/icon-*.png) from the favicon's design, rendered by Chromium so
// no image tool is needed: `node apps/web/scripts/make-icons.mjs`. The PNGs are committed.
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../public');

/** The microphone on indigo; `inset` shrinks the glyph into a maskable icon's safe zone. */
function svg({ rounded, inset }) {
  const scale = 1 - inset * 2;
  const offset = 16 * inset * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
    <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="#4f46e5"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})" stroke-linecap="round">
      <rect x="13" y="6" width="6" height="13" rx="3" fill="#fff"/>
      <path d="M9.5 15a6.5 6.5 0 0 0 13 0" fill="none" stroke="#fff" stroke-width="2"/>
      <path d="M16 21.5V26" stroke="#fff" stroke-width="2"/>
    </g>
  </svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.06 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`);
    await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`wrote public/${icon.file}`);
  }
} finally {
  await browser.close();
}
