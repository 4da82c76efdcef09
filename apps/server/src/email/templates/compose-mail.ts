import type { MailMessage } from '../mailer.ts';

export const PRODUCT_NAME = 'Voxpad';

/** A paragraph, a link the reader follows, or a code they type. */
export type Block = { text: string } | { link: string; label: string } | { code: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function htmlBlock(block: Block): string {
  if ('text' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
  if ('code' in block) {
    return `<p style="margin:0 0 16px;font:600 24px/1.4 monospace;letter-spacing:4px">${escapeHtml(block.code)}</p>`;
  }
  const href = escapeHtml(block.link);
  return `<p style="margin:0 0 16px"><a href="${href}">${escapeHtml(block.label)}</a><br><span style="color:#555;font-size:13px">${href}</span></p>`;
}

/**
 * Builds both bodies of a mail from the same blocks, so the plain-text and HTML versions never
 * drift apart. Links point straight at Voxpad: no tracking redirects, pixels or remote images.
 */
export function composeMail(to: string, subject: string, blocks: Block[]): MailMessage {
  const all: Block[] = [
    { text: `Hello from ${PRODUCT_NAME}!` },
    ...blocks,
    { text: `Thank you for using ${PRODUCT_NAME}!` },
  ];
  const text = all.map((b) => ('text' in b ? b.text : 'code' in b ? b.code : b.link)).join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;font:16px/1.5 system-ui,sans-serif;color:#111">',
    ...all.map(htmlBlock),
    '</body></html>',
  ].join('\n');
  return { to, subject: `[${PRODUCT_NAME}] ${subject}`, text, html };
}
