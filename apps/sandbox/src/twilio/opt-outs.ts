/**
 * Recipients who opted out, by their digits: a message to one is refused with 21610 until they
 * opt in again. A number opts out when it texts one of Twilio's default opt-out keywords to the
 * account (or by the testing switch), and in again with an opt-in keyword
 * (https://support.twilio.com/hc/en-us/articles/223134027). Twilio keeps opt-outs per sender; the sandbox keeps
 * them for the whole account.
 */

export type OptOutType = 'STOP' | 'START' | 'HELP';

const KEYWORDS: Readonly<Record<string, OptOutType>> = {
  STOP: 'STOP',
  STOPALL: 'STOP',
  UNSUBSCRIBE: 'STOP',
  CANCEL: 'STOP',
  END: 'STOP',
  QUIT: 'STOP',
  START: 'START',
  YES: 'START',
  UNSTOP: 'START',
  HELP: 'HELP',
  INFO: 'HELP',
};

/** The keyword an incoming SMS body is, if it is one (the whole body, without regard to case). */
export function optOutKeyword(body: string): OptOutType | undefined {
  return KEYWORDS[body.trim().toUpperCase()];
}

export class OptOuts {
  readonly #digits = new Set<string>();

  add(digits: string): void {
    this.#digits.add(digits);
  }

  remove(digits: string): void {
    this.#digits.delete(digits);
  }

  has(digits: string): boolean {
    return this.#digits.has(digits);
  }
}
