import { FRAME_HEIGHT_SCRIPT, FRAME_HEIGHT_SCRIPT_HASH } from './frame-height';

/**
 * The shell of the sandbox's pages (hosted payment pages, outbox, the operator's SMS page):
 * self-contained HTML (no external assets, inline CSS), English, readable without styles, visible
 * focus, 44 px targets. No scripts, but for the one that tells a shop's frame the height of an
 * embedded page.
 */

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** An ISO timestamp as people read it: `2026-01-31 12:00:00 UTC`. */
export function readableTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/**
 * Headers of every page: no outside resources, no caching, no script but the frame-height one
 * (admitted by its hash; only embedded pages carry it). Framing is allowed on purpose: shops
 * embed the hosted payment page in an iframe (`?embedded=1`), so neither `X-Frame-Options` nor
 * `frame-ancestors` is sent.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; script-src ${FRAME_HEIGHT_SCRIPT_HASH}; style-src 'unsafe-inline'; base-uri 'none'`,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5; color: #1d2939; background: #f2f4f7; }
body { margin: 0; padding: 1.5rem 1rem; }
main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem;
  box-shadow: 0 1px 3px rgb(16 24 40 / 0.2); }
.badge { display: inline-block; margin: 0 0 1rem; padding: 0.125rem 0.625rem; border-radius: 999px;
  background: #fef0c7; color: #7a2e0e; font-size: 0.875rem; }
h1 { font-size: 1.375rem; margin: 0; }
h2 { font-size: 1.125rem; margin: 0 0 0.75rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0 1rem; }
.details { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1.5rem; }
.details dt { font-weight: 600; }
.details dd { margin: 0; overflow-wrap: anywhere; }
h1 + .details { margin-top: 0.75rem; }
.step { border-top: 1px solid #d0d5dd; padding-top: 1.25rem; }
.field, fieldset { margin: 0 0 1rem; }
fieldset { border: 0; padding: 0; }
label, legend { display: block; font-weight: 600; margin-bottom: 0.25rem; padding: 0; }
.row { display: flex; gap: 1rem; }
.row > .field { flex: 1; }
input, select, textarea { box-sizing: border-box; width: 100%; min-height: 44px; font: inherit; color: inherit;
  padding: 0.5rem 0.75rem; border: 1px solid #667085; border-radius: 8px; background: #fff; }
textarea { resize: vertical; }
input[readonly] { background: #f2f4f7; }
input[aria-invalid="true"], textarea[aria-invalid="true"] { border: 2px solid #b42318; }
.choice { display: flex; align-items: center; gap: 0.5rem; }
.choice input { width: 1.25rem; min-height: 1.25rem; margin: 0; }
.choice label { font-weight: 400; margin: 0; padding: 0.5rem 0; }
.hint { font-size: 0.875rem; color: #475467; margin: 0.25rem 0 0; }
.error { border: 1px solid #b42318; background: #fef3f2; color: #7a271a; padding: 0.75rem;
  border-radius: 8px; margin: 0 0 1rem; }
.field-error { color: #b42318; font-size: 0.875rem; margin: 0.25rem 0 0; }
.sheet { background: #101828; color: #fff; border-radius: 12px; padding: 1rem; margin: 0 0 1rem; }
.sheet dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0.5rem 0 0; }
.sheet dt { color: #d0d5dd; }
.sheet dd { margin: 0; }
.sheet p { margin: 0.75rem 0 0; color: #eaecf0; }
button { width: 100%; min-height: 44px; font: inherit; font-weight: 600; cursor: pointer; padding: 0.5rem 1rem;
  border-radius: 8px; border: 1px solid #344054; background: #fff; color: #1d2939; }
button.primary { background: #1849a9; border-color: #1849a9; color: #fff; }
.actions { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; margin-top: 0.75rem; }
.actions form { margin: 0; }
a { color: #1849a9; }
:focus-visible { outline: 3px solid #f79009; outline-offset: 2px; }
body.embedded { padding: 0; background: #fff; }
body.embedded main { max-width: none; padding: 0.75rem; box-shadow: none; border-radius: 0; }
body.embedded .badge { margin-bottom: 0.5rem; font-size: 0.75rem; }
body.embedded .amount { font-size: 1.5rem; margin-bottom: 0.5rem; }
body.embedded .details { margin-bottom: 0.75rem; }
body.wide main { max-width: 56rem; }
.filter { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.75rem; margin: 1rem 0; }
.filter .field { flex: 1 1 16rem; margin: 0; }
.filter button { width: auto; }
.messages { list-style: none; padding: 0; margin: 0; }
.messages > li { border-top: 1px solid #d0d5dd; padding: 1rem 0; }
.messages > li > :last-child { margin-bottom: 0; }
.messages h2 { overflow-wrap: anywhere; }
.message-text { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 0;
  background: #f9fafb; border-radius: 8px; padding: 0.75rem; }
`;

/**
 * How a page is laid out: `card` (a narrow card, the default), `embedded` (compact, for an
 * iframe inside a shop's page) or `wide` (lists, such as the outbox).
 */
export type PageLayout = 'card' | 'embedded' | 'wide';

/**
 * A complete page; `title` and `badge` are text, `body` is HTML (escape what goes into it). An
 * `embedded` page ends with the frame-height script, whose messages go to `parentOrigin` (the
 * framing shop's origin; any parent when not given).
 */
export function page({
  title,
  body,
  badge,
  layout = 'card',
  parentOrigin,
}: {
  title: string;
  body: string;
  badge: string;
  layout?: PageLayout;
  parentOrigin?: string;
}): string {
  const target = parentOrigin ? ` data-parent-origin="${escapeHtml(parentOrigin)}"` : '';
  const script = layout === 'embedded' ? `<script${target}>${FRAME_HEIGHT_SCRIPT}</script>\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body${layout === 'card' ? '' : ` class="${layout}"`}>
<main>
<p class="badge">${escapeHtml(badge)}</p>
${body}
</main>
${script}</body>
</html>
`;
}
