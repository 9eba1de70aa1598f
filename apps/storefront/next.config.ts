import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
  transpilePackages: ['@shop/domain', '@shop/tenants'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The stylesheets come inside the page instead of as requests of their own that hold the first
  // paint back (decision 0029).
  experimental: { inlineCss: true },
};

export default withNextIntl(config);
