import type { MeasurementTool } from './hits';

/**
 * The stand-ins of the tenant's tag manager, analytics, heat-map and push scripts: each tells
 * the sandbox that it ran (with the settings the page gave it) and, where the real tool reads
 * the data layer, passes on every entry the page pushed before and after it loaded.
 */

const READS_DATA_LAYER: ReadonlySet<MeasurementTool> = new Set(['tag-manager', 'analytics']);

/** What a real tool would read from the page on start. */
const SETTINGS_OF_PAGE: Record<MeasurementTool, string> = {
  'tag-manager': 'null',
  analytics: 'null',
  'heat-map': 'window._hjSettings || null',
  push: 'window.xtremepush ? { queued: (window.xtremepush.q || []).length } : null',
};

export function standInScript(tool: MeasurementTool, id: string, collectUrl: string): string {
  const dataLayer = READS_DATA_LAYER.has(tool)
    ? `
  var layer = (window.dataLayer = window.dataLayer || []);
  for (var i = 0; i < layer.length; i++) send('event', layer[i]);
  var push = layer.push;
  layer.push = function () {
    for (var j = 0; j < arguments.length; j++) send('event', arguments[j]);
    return push.apply(layer, arguments);
  };`
    : '';
  return `(function () {
  var tool = ${JSON.stringify(tool)}, id = ${JSON.stringify(id)}, collect = ${JSON.stringify(collectUrl)};
  function plain(entry) {
    // gtag() pushes its arguments object; send it as the list it is.
    return entry && typeof entry === 'object' && 'length' in entry && !Array.isArray(entry)
      ? Array.prototype.slice.call(entry)
      : entry;
  }
  function send(kind, data) {
    var body = JSON.stringify({ tool: tool, id: id, kind: kind, site: location.host, data: plain(data) });
    navigator.sendBeacon(collect, new Blob([body], { type: 'text/plain' }));
  }
  send('loaded', ${SETTINGS_OF_PAGE[tool]});${dataLayer}
})();
`;
}
