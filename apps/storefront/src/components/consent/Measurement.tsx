'use client';

import {
  ANALYTICS_COOKIE_MAX_AGE_SECONDS,
  analyticsClientId,
  analyticsSessionId,
  clickIdOf,
  HEATMAP_VERSION,
  MEASUREMENT_DELAYS_MS,
} from '@shop/domain';
import { useEffect } from 'react';
import { readCookie, writeCookie } from '../../lib/browser-cookies';
import { COOKIE_NAMES } from '../../lib/cookie-names';
import { dataLayer, statisticsAllowed } from '../../lib/data-layer';
import type { MeasurementScripts } from '../../lib/measurement-scripts';

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    hj?: Queue;
    _hjSettings?: { hjid: number; hjsv: number };
    xtremepush?: Queue;
  }
}

function load(src: string): void {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

/** A tool's command queue, as its snippet makes it: calls wait there until the script has loaded. */
function queue(): Queue {
  const calls: unknown[][] = [];
  const enqueue: Queue = (...args: unknown[]) => {
    calls.push(args);
  };
  enqueue.q = calls;
  return enqueue;
}

/** Keeps an id for its lifetime from now: the existing one, or a new one. */
function keep(name: string, maxAgeSeconds: number, make: () => string | undefined): string | undefined {
  const value = readCookie(name) ?? make();
  if (value !== undefined) writeCookie(name, value, maxAgeSeconds);
  return value;
}

/**
 * The tenant's measurement, on pages of a shopper who allowed statistics (the layout renders it
 * only then; decision 0047): the analytics ids of spec §9, then the tag manager, analytics, heat
 * map and push scripts the tenant has, as their own snippets would start them.
 */
export function Measurement({ scripts }: { scripts: MeasurementScripts }) {
  useEffect(() => {
    const layer = dataLayer();
    const clientId = keep(COOKIE_NAMES.analyticsClientId, ANALYTICS_COOKIE_MAX_AGE_SECONDS.clientId, () =>
      analyticsClientId(),
    );
    keep(COOKIE_NAMES.analyticsClickId, ANALYTICS_COOKIE_MAX_AGE_SECONDS.clickId, () =>
      clickIdOf(new URLSearchParams(window.location.search)),
    );

    const loader = window.setTimeout(() => {
      if (scripts.analytics) {
        window.gtag ??= function gtag() {
          // gtag.js reads its commands as arguments objects.
          // biome-ignore lint/complexity/noArguments: see above
          layer.push(arguments);
        };
        window.gtag('js', new Date());
        window.gtag('config', scripts.analytics.measurementId, { client_id: clientId });
        load(scripts.analytics.url);
      }
      if (scripts.tagManager) {
        layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
        load(scripts.tagManager);
      }
      if (scripts.heatMap) {
        window.hj ??= queue();
        window._hjSettings = { hjid: scripts.heatMap.siteId, hjsv: HEATMAP_VERSION };
        load(scripts.heatMap.url);
      }
      if (scripts.push) {
        window.xtremepush ??= queue();
        load(scripts.push);
      }
    }, MEASUREMENT_DELAYS_MS.analyticsLoader);

    const session = window.setTimeout(() => {
      // The shopper may have withdrawn in the meantime (the settings post is on its way).
      if (!statisticsAllowed()) return;
      keep(COOKIE_NAMES.analyticsSessionId, ANALYTICS_COOKIE_MAX_AGE_SECONDS.sessionId, () =>
        analyticsSessionId(),
      );
    }, MEASUREMENT_DELAYS_MS.sessionIdSetup);

    return () => {
      window.clearTimeout(loader);
      window.clearTimeout(session);
    };
  }, [scripts]);
  return null;
}
