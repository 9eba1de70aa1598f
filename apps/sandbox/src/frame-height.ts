import { createHash } from 'node:crypto';

/**
 * The frame-height protocol of the embedded payment pages (docs/sandbox.md, "Frame height";
 * decision 0024). A page shown in a shop's iframe tells the shop how high its document is, so
 * that the shop sizes the frame to it and nothing inside needs scrolling:
 * `window.parent.postMessage({ type: 'psp:height', height }, parentOrigin)`, once on load and
 * whenever the height changes (a ResizeObserver on the document element). `height` is an integer
 * of CSS pixels; the message carries nothing else.
 *
 * The script is one fixed text, so the pages' Content-Security-Policy admits it by its hash
 * ({@link FRAME_HEIGHT_SCRIPT_HASH}) and no other script runs. The parent's origin goes into the
 * tag's `data-parent-origin` attribute, which the hash does not cover; without it the message
 * goes to any parent (`*`).
 */
export const FRAME_HEIGHT_SCRIPT = `(function () {
  var script = document.currentScript;
  var target = (script && script.getAttribute('data-parent-origin')) || '*';
  if (window.parent === window) return;
  var root = document.documentElement;
  var sent = -1;
  function post() {
    var height = Math.ceil(root.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: 'psp:height', height: height }, target);
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(post).observe(root);
  if (document.readyState === 'complete') post();
  else window.addEventListener('load', post);
})();`;

/** `'sha256-…'`: the CSP source that admits the frame-height script and nothing else. */
export const FRAME_HEIGHT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FRAME_HEIGHT_SCRIPT).digest('base64')}'`;
