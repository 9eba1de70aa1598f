import * as z from 'zod';
import './jitless';

/** GET /api/content/{lng}/{slug}: `lng` is a language, `xx-YY` or `default`; `slug` a page of the shop. */
export const contentParamsSchema = z.object({
  lng: z.string().min(1).max(16),
  slug: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(64),
});

/**
 * The text of a content or advertisement page in one language (decision 0044): Markdown with the
 * tenant's details filled in; an advertisement page also names its title, description and the
 * text of its image.
 */
export const contentPageSchema = z.object({
  markdown: z.string(),
  advertisement: z.object({ title: z.string(), description: z.string(), imageAlt: z.string() }).optional(),
});
export type ContentPageAnswer = z.infer<typeof contentPageSchema>;
