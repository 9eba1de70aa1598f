import { isDeviceId } from '@shop/domain';

/**
 * The browser's device id (spec §4, decision 0049): named by the tenant's fraud-prevention script
 * on the checkout pages (deviceIDSwitch) or by the mobile app, kept in local storage until an
 * order is committed, and sent where the tenant's shouldSendDeviceID says so.
 */
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
  const value = storage()?.getItem(DEVICE_ID_KEY);
  // Anything else in the key (an old or tampered value) would only be refused by the API.
  return isDeviceId(value) ? value : undefined;
}

/** Keeps the device id for this browser; answers false (and keeps nothing) for a value of another form. */
export function storeDeviceId(id: string): boolean {
  if (!isDeviceId(id)) return false;
  try {
    storage()?.setItem(DEVICE_ID_KEY, id);
    return storedDeviceId() === id;
  } catch {
    // A full or blocked storage keeps nothing.
    return false;
  }
}

export function clearDeviceId(): void {
  storage()?.removeItem(DEVICE_ID_KEY);
}
