import 'server-only';
import { headers } from 'next/headers';
import { isRenderRequest, PAGE_RENDER_HEADER, renderPlaceholders } from './page-render';

/**
 * A new idempotency key for a form that works without the page's script; on a page rendered to
 * be kept, the stand-in that each answer replaces with a key of its own (decision 0054).
 */
export async function newFormKey(): Promise<string> {
  const secret = process.env.PAGE_RENDER_SECRET;
  const header = (await headers()).get(PAGE_RENDER_HEADER);
  return isRenderRequest(header, secret) ? renderPlaceholders(secret).formKey : crypto.randomUUID();
}
