/** The browser's device id (tenant setting deviceIDSwitch), kept until an order is committed (spec §4). */
const DEVICE_ID_KEY = 'deviceId';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off; there is no device id then.
    return undefined;
  }
}

export function storedDeviceId(): string | undefined {
  return storage()?.getItem(DEVICE_ID_KEY) || undefined;
}

export function clearDeviceId(): void {
  storage()?.removeItem(DEVICE_ID_KEY);
}
