'use client';

import { useEffect } from 'react';
import { storeDeviceId, storedDeviceId } from '../../lib/device-id';

declare global {
  interface Window {
    /** Called by the tenant's device-id script with the device id it made (docs/sandbox.md, "Device id"). */
    onDeviceId?: (deviceId: string) => void;
  }
}

/**
 * Loads the tenant's fraud-prevention script on a checkout page (deviceIDSwitch; decision 0049)
 * and keeps the device id it hands over. An id already kept (from an earlier checkout page or
 * the mobile app) stays until the order is committed, so one checkout has one device id.
 */
export function DeviceIdScript({ src }: { src: string }) {
  useEffect(() => {
    window.onDeviceId = (deviceId) => {
      if (!storedDeviceId()) storeDeviceId(deviceId);
    };
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.head.append(script);
    return () => {
      script.remove();
      delete window.onDeviceId;
    };
  }, [src]);
  return null;
}
