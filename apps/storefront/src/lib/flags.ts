import { flagCountry } from '@shop/domain';
import at from 'flag-icons/flags/4x3/at.svg';
import be from 'flag-icons/flags/4x3/be.svg';
import de from 'flag-icons/flags/4x3/de.svg';
import es from 'flag-icons/flags/4x3/es.svg';
import fr from 'flag-icons/flags/4x3/fr.svg';
import gb from 'flag-icons/flags/4x3/gb.svg';
import it from 'flag-icons/flags/4x3/it.svg';
import nl from 'flag-icons/flags/4x3/nl.svg';
import pl from 'flag-icons/flags/4x3/pl.svg';
import ro from 'flag-icons/flags/4x3/ro.svg';
import type { StaticImageData } from 'next/image';

// Bundlers answer an SVG import with its URL or with image data holding the URL.
const FLAGS: Record<string, StaticImageData | string> = { at, be, de, es, fr, gb, it, nl, pl, ro };

/** URL of the 4x3 flag for a language or country code (`uk` and `en` show `gb`). */
export function flagUrl(code: string): string | undefined {
  const flag = FLAGS[flagCountry(code)];
  return typeof flag === 'string' ? flag : flag?.src;
}
