import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
  transpilePackages: ['@shop/domain', '@shop/tenants'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default withNextIntl(config);
