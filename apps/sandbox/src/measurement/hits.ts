/**
 * What the stand-in measurement scripts saw: each script load (recorded by the sandbox as it
 * serves the script) and each beacon a script sent from the shop's page (its loading, each
 * data-layer entry). Kept in memory, oldest dropped first past `capacity`.
 */

export const MEASUREMENT_TOOLS = ['tag-manager', 'analytics', 'heat-map', 'push'] as const;
export type MeasurementTool = (typeof MEASUREMENT_TOOLS)[number];

export interface MeasurementHit {
  tool: MeasurementTool;
  /** The tenant's id for the tool (container, measurement, site or app id). */
  id: string;
  /** `script` when the page fetched the script, `loaded` when it ran, `event` per data-layer entry. */
  kind: 'script' | 'loaded' | 'event';
  /** The shop's host the page was on (`funkfix.localhost:3000`); empty when the browser did not say. */
  site: string;
  /** What the script passes on: the data-layer entry of an event, the settings it ran with. */
  data: unknown;
  /** When the sandbox received it (ms since the epoch). */
  at: number;
}

export const DEFAULT_HITS_CAPACITY = 5000;

export class MeasurementHits {
  private readonly hits: MeasurementHit[] = [];

  constructor(readonly capacity = DEFAULT_HITS_CAPACITY) {}

  add(hit: Omit<MeasurementHit, 'at'>): void {
    this.hits.push({ ...hit, at: Date.now() });
    if (this.hits.length > this.capacity) this.hits.splice(0, this.hits.length - this.capacity);
  }

  /** The hits of one shop's host (all without one), received at or after `since`, oldest first. */
  list({ site, since = 0 }: { site?: string | undefined; since?: number | undefined }): MeasurementHit[] {
    return this.hits.filter((hit) => hit.at >= since && (site === undefined || hit.site === site));
  }
}
