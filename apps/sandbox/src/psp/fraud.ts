/**
 * The provider's fraud screening: device ids a test (or a fraud analyst) put on the declined
 * list. A payment started with one of them is refused at creation, as a real provider's risk
 * engine refuses with a reason code; every other device id passes.
 */

/** The refusal code of a payment the screening refused (402, `POST /psp/payments`). */
export const RISK_DECLINED = 'RISK_DECLINED';

export class FraudScreen {
  readonly #declinedDevices = new Set<string>();

  /** Refuses every later payment with this device id; answers false when it was declined already. */
  declineDevice(deviceId: string): boolean {
    if (this.#declinedDevices.has(deviceId)) return false;
    this.#declinedDevices.add(deviceId);
    return true;
  }

  /** Whether a payment started with this device id is refused. */
  refuses(deviceId: string | undefined): boolean {
    return deviceId !== undefined && this.#declinedDevices.has(deviceId);
  }
}
