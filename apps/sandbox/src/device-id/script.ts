/**
 * The stand-in of a fraud-prevention vendor's device-id script. A real one profiles the browser
 * and hands the page an id its risk engine recognises again; this one draws a random id
 * (`dev_` and 32 hex digits) each time it runs and hands it over by the interface the shop
 * relies on (docs/sandbox.md, "Device id"): it leaves `{ deviceId, shopId }` at
 * `window.deviceIdResult` and calls `window.onDeviceId(deviceId)` when the page defined it.
 */
export function deviceIdScript(shopId: string): string {
  return `(function () {
  var shop = ${JSON.stringify(shopId)};
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  var hex = '';
  for (var i = 0; i < bytes.length; i++) hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  var result = { deviceId: 'dev_' + hex, shopId: shop };
  window.deviceIdResult = result;
  if (typeof window.onDeviceId === 'function') window.onDeviceId(result.deviceId);
})();
`;
}
